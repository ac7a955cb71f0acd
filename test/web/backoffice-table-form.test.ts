/**
 * The back office's table form (QA, a pit boss): Configure → raise the minimum failed with
 * "maxima.plein must be an integer of minor units >= the minimum" (the form re-sent every old
 * maximum), offered a "cinq" maximum on a French table and labelled the maxima with raw ids.
 * web/src/backoffice/table-payload.ts: the payloads and labels, pure.
 */
import { describe, expect, it } from 'vitest';
import { tableConfigView } from '../../src/app/views.ts';
import { ART53_MULTIPLES } from '../../src/protocol/art53.ts';
import type { TableConfigView } from '../../src/protocol/views.ts';
import { resolveTableConfig, type TableConfig } from '../../src/table/config.ts';
import { ApiFailure } from '../../web/src/api.ts';
import { failureText } from '../../web/src/backoffice/common.ts';
import {
  createOf,
  type FormValues,
  kindLabel,
  majorText,
  patchOf,
  presetKinds,
} from '../../web/src/backoffice/table-payload.ts';

const LANGS = ['en', 'fr', 'de', 'it', 'cs'] as const;

/** A table as the back office gets it (GET view), from the server's own config. */
function view(rules: string, extra: Record<string, unknown> = {}): { config: TableConfig; view: TableConfigView } {
  const r = resolveTableConfig({ id: 'salon', rules, minimum: 200, ...extra } as never);
  if (!r.ok) throw new Error(r.error.message);
  return { config: r.value, view: tableConfigView(r.value) };
}

/** The form as it opens on `t` (every input filled from the table). */
function valuesOf(t: TableConfigView): FormValues {
  return {
    name: t.name,
    minimum: majorText(t.minimum, t.decimals),
    maxima: new Map(Object.entries(t.maxima).map(([k, v]) => [k, majorText(v, t.decimals)])),
    timings: new Map(Object.entries(t.timings).map(([k, v]) => [k, String(v)])),
    mode: t.mode,
    timeZone: t.timeZone,
    croupierPaced: t.croupierPaced,
    evenChanceUnit: t.evenChanceUnit ? majorText(t.evenChanceUnit, t.decimals) : '',
  };
}

/** What the server does with a PATCH (src/table/phases.ts configure): its resolved config or its refusal. */
function serverApplies(c: TableConfig, patch: Record<string, unknown>) {
  const { maxima, timings, ...rest } = patch as { maxima?: object; timings?: object; minimum?: number };
  const keep = rest.minimum === undefined || rest.minimum === c.minimum;
  return resolveTableConfig({
    ...c,
    ...rest,
    maxima: { ...(keep ? tableConfigView(c).maxima : {}), ...(maxima ?? {}) },
    timings: { ...c.timings, ...(timings ?? {}) },
  } as never);
}

describe('table form: configure sends what changed', () => {
  it('regression (QA): raising the minimum to 100 € sends the minimum alone, and the server resets the maxima to art. 53', () => {
    const { config, view: t } = view('french');
    const v = { ...valuesOf(t), minimum: '100' };
    const patch = patchOf(t, v);
    expect(patch).toEqual({ minimum: 10_000 });
    const r = serverApplies(config, patch);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value.maxima.plein).toBe(10_000 * ART53_MULTIPLES.plein);
    // the same with the maxima emptied (the form clears the untouched ones on a new minimum)
    expect(patchOf(t, { ...v, maxima: new Map() })).toEqual({ minimum: 10_000 });
  });

  it('a maximum the pit boss typed goes with the new minimum; unchanged settings do not go at all', () => {
    const { config, view: t } = view('french');
    expect(patchOf(t, valuesOf(t))).toEqual({});
    const v = { ...valuesOf(t), minimum: '5,00', maxima: new Map([['plein', '200.00']]) };
    const patch = patchOf(t, v);
    expect(patch).toEqual({ minimum: 500, maxima: { plein: 20_000 } });
    expect(serverApplies(config, patch).ok).toBe(true);
    expect(patchOf(t, { ...valuesOf(t), timeZone: 'Europe/Paris', croupierPaced: true })).toEqual({
      timeZone: 'Europe/Paris',
      croupierPaced: true,
    });
  });

  it('regression (QA): a maximum below the minimum is refused before sending, naming the field, in major units', () => {
    const { view: t } = view('french');
    const v = { ...valuesOf(t), minimum: '100', maxima: new Map([['plein', '50']]) };
    let e: unknown;
    try {
      patchOf(t, v);
    } catch (x) {
      e = x;
    }
    expect(e).toBeInstanceOf(ApiFailure);
    expect((e as ApiFailure).error.detail?.field).toBe('maxima.plein');
    const en = failureText('en', e);
    expect(en).toBe('Error: A maximum cannot be below the minimum (100.00 €). — Maximum straight up');
    expect(en).not.toContain('minor units');
    for (const lang of LANGS) expect(failureText(lang, e)).toContain('100');
    expect(failureText('fr', e)).toContain('Maximum plein');
  });

  it("the server's refusal of a maximum names the field and words the minimum in major units", () => {
    const { config } = view('french');
    const r = serverApplies(config, { maxima: { plein: 100 } });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.detail).toMatchObject({ field: 'maxima.plein', minimum: 200, currency: 'EUR', decimals: 2 });
    const text = failureText('en', new ApiFailure(r.error as never, 422));
    expect(text).toContain('(2.00 €)');
    expect(text).not.toContain('minor units');
  });
});

describe('table form: the kinds of the rule set, in words', () => {
  it('regression (QA): a French table has no cinq maximum; a double-zero table has one', () => {
    expect(presetKinds('french')).not.toContain('cinq');
    expect(presetKinds('european')).not.toContain('cinq');
    expect(presetKinds('american')).toContain('cinq');
    const { view: t } = view('french');
    expect(t.rules.offered).not.toContain('cinq');
    // a cinq typed anyway (a stale form) is not sent
    const v = { ...valuesOf(t), maxima: new Map([['cinq', '500']]) };
    expect(patchOf(t, v)).toEqual({});
    const created = createOf({ ...v, minimum: '2' }, presetKinds('french'), 2);
    expect(created.maxima).toBeUndefined();
    expect(createOf({ ...v, minimum: '2' }, presetKinds('american'), 2).maxima).toEqual({ cinq: 50_000 });
  });

  it('regression (QA): the maxima are labelled with the terms of the game, not raw ids', () => {
    expect(kindLabel('fr', 'carre')).toBe('Carré');
    expect(kindLabel('fr', 'douzaines')).toBe('Douzaines à cheval');
    expect(kindLabel('en', 'plein')).toBe('Straight up');
    for (const lang of LANGS)
      for (const k of Object.keys(ART53_MULTIPLES)) {
        const label = kindLabel(lang, k);
        expect(label.length).toBeGreaterThan(0);
        if (k === 'carre' || k === 'douzaines' || k === 'colonnes') expect(label).not.toBe(k);
      }
  });
});
