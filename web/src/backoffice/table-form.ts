/**
 * The table form of the back office: create a table (POST /api/admin/tables) or configure a
 * running one (PATCH /api/admin/tables/:id; the machine applies it at the next phase). Rules
 * preset and prison settings (creation only: a running table's rule set never changes), minimum
 * and the maxima of the kinds the rule set offers (RULES §3a; empty: the art. 53 multiple of the
 * minimum, shown as the placeholder), timings, wheel mode (rng, manual, an SS2 device), time zone,
 * croupier pacing, even-chance unit. Amounts are typed in major units of the currency; a
 * configure sends only what changed (table-payload.ts: a new minimum resets the untouched maxima,
 * as the API does); a refusal is shown under the buttons and marks the field it names.
 */
import { PRESETS } from '../../../src/engine/index.ts';
import type { TableConfigView } from '../../../src/protocol/views.ts';
import { h } from '../dom.ts';
import { bw, failureText, field, input, type ScreenCtx } from './common.ts';
import { checkLength, minorOf } from './checks.ts';
import {
  art53Of,
  createOf,
  type FormValues,
  kindLabel,
  majorText,
  patchOf,
  presetKinds,
  TIMINGS,
} from './table-payload.ts';
import type { BoKey } from './words/en.ts';

/** Every kind any rule set offers (the form shows those of the table's or the chosen preset's). */
const ALL_KINDS = [...new Set(PRESETS.flatMap((p) => presetKinds(p)))];

/** The inputs of the form. */
type Fields = ReturnType<typeof fieldsOf>;

/** The form's inputs, filled from `table` (null: a new table). */
function fieldsOf(ctx: ScreenCtx, table: TableConfigView | null) {
  const w = (k: BoKey) => bw(ctx.lang, k);
  const dec = table?.decimals ?? 2;
  const rules = (table?.rules ?? {}) as { preset?: string; prison?: { maxLevel?: number; atLimit?: string } };
  const fixed = table !== null;
  const amount = (name: string, minor: number | null | undefined, id: string) =>
    input(name, minor ? majorText(minor, dec) : '', 'text', { id, inputmode: 'decimal' });
  const kinds = table ? table.rules.offered : ALL_KINDS;
  return {
    dec,
    id: input('id', table?.id ?? '', 'text', { id: 'tf-id', disabled: fixed }),
    name: input('name', table?.name ?? '', 'text', { id: 'tf-name' }),
    preset: h(
      'select',
      { name: 'preset', id: 'tf-preset', disabled: fixed },
      ...PRESETS.map((p) => h('option', { value: p, selected: (rules.preset ?? 'french') === p }, p)),
    ) as HTMLSelectElement,
    maxLevel: input('maxLevel', String(rules.prison?.maxLevel ?? ''), 'number', {
      min: 1,
      max: 10,
      id: 'tf-prison',
      disabled: fixed,
    }),
    atLimit: h(
      'select',
      { name: 'atLimit', id: 'tf-at-limit', disabled: fixed },
      h('option', { value: '' }, '—'),
      h('option', { value: 'lose', selected: rules.prison?.atLimit === 'lose' }, w('atLimitLose')),
      h('option', { value: 'partage', selected: rules.prison?.atLimit === 'partage' }, w('atLimitPartage')),
    ) as HTMLSelectElement,
    minimum: input('minimum', table ? majorText(table.minimum, dec) : '1.00', 'text', {
      id: 'tf-minimum',
      inputmode: 'decimal',
    }),
    maxima: new Map(kinds.map((k) => [k as string, amount(`max-${k}`, table?.maxima[k], `tf-max-${k}`)])),
    timings: new Map(
      TIMINGS.map((k) => [k, input(k, table ? String(table.timings[k]) : '', 'number', { id: `tf-${k}`, min: 0 })]),
    ),
    mode: h(
      'select',
      { name: 'mode', id: 'tf-mode' },
      ...(['rng', 'manual', 'wheel'] as const).map((m) =>
        h(
          'option',
          { value: m, selected: (table?.mode ?? 'rng') === m },
          w(m === 'rng' ? 'modeRng' : m === 'manual' ? 'modeManual' : 'modeWheel'),
        ),
      ),
    ) as HTMLSelectElement,
    device: input('device', ((table?.wheel as { device?: string }) ?? {}).device ?? '', 'text', {
      id: 'tf-device',
      placeholder: '/dev/ttyUSB0',
    }),
    timeZone: input('timeZone', table?.timeZone ?? 'UTC', 'text', { id: 'tf-tz' }),
    paced: input('croupierPaced', '', 'checkbox', { id: 'tf-paced', checked: table?.croupierPaced ?? false }),
    unit: amount('evenChanceUnit', table?.evenChanceUnit, 'tf-unit'),
    openNow: input('open', '', 'checkbox', { id: 'tf-open', checked: true }),
    error: h('p', { class: 'bo-form-error', id: 'tf-error', role: 'alert', hidden: true }),
  };
}

/** What the inputs hold. */
function valuesOf(f: Fields): FormValues {
  return {
    name: f.name.value,
    minimum: f.minimum.value,
    maxima: new Map([...f.maxima].map(([k, el]) => [k, el.value])),
    timings: new Map([...f.timings].map(([k, el]) => [k, el.value])),
    mode: f.mode.value,
    timeZone: f.timeZone.value,
    croupierPaced: f.paced.checked,
    evenChanceUnit: f.unit.value,
  };
}

/**
 * The request body of a new table: the whole TableConfigInput with `open` (table-payload.ts
 * createOf: a typed amount that is not one, an id or a name too long, is refused there with the
 * server's code, never sent as null or cut).
 */
function createBody(f: Fields): Record<string, unknown> {
  const out = createOf(valuesOf(f), presetKinds(f.preset.value), f.dec);
  if (f.mode.value === 'wheel') out.wheel = { driver: 'ss2', device: f.device.value.trim() };
  out.id = checkLength(f.id.value.trim(), 32, 'id');
  const prison: Record<string, unknown> = {};
  if (f.maxLevel.value) prison.maxLevel = Number(f.maxLevel.value);
  if (f.atLimit.value) prison.atLimit = f.atLimit.value;
  out.rules = Object.keys(prison).length ? { preset: f.preset.value, prison } : f.preset.value;
  out.open = f.openNow.checked;
  return out;
}

/** Marks the input a refusal names (`detail.field`) as invalid and focuses it; clears the others. */
function markField(f: Fields, err: unknown): void {
  const named = (err as { error?: { detail?: { field?: unknown } } }).error?.detail?.field;
  const byField: Record<string, HTMLElement | undefined> = Object.assign(Object.create(null), {
    id: f.id,
    name: f.name,
    minimum: f.minimum,
    evenChanceUnit: f.unit,
    timeZone: f.timeZone,
    mode: f.mode,
    wheel: f.device,
  });
  for (const [k, el] of f.maxima) byField[`maxima.${k}`] = el;
  for (const [k, el] of f.timings) byField[`timings.${k}`] = el;
  for (const el of Object.values(byField)) el?.removeAttribute('aria-invalid');
  const el = typeof named === 'string' ? byField[named] : undefined;
  if (!el) return;
  el.setAttribute('aria-invalid', 'true');
  el.focus();
}

/**
 * The maxima follow the minimum as the API does: the placeholders show its art. 53 multiples;
 * on a running table, a new minimum empties the maxima the pit boss has not typed (the server
 * resets them) and the old minimum brings their values back. New tables show only the kinds
 * of the chosen preset.
 */
function followMinimum(f: Fields, table: TableConfigView | null, labels: Map<string, HTMLElement>): void {
  const typed = new Set<string>();
  for (const [k, el] of f.maxima) el.addEventListener('input', () => typed.add(k));
  const update = () => {
    const min = minorOf(f.minimum.value, f.dec);
    const known = Number.isSafeInteger(min) && min > 0;
    for (const [k, el] of f.maxima) {
      el.placeholder = known ? majorText(art53Of(min, k), f.dec) : '';
      if (!table || typed.has(k)) continue;
      const old = table.maxima[k];
      el.value = min === table.minimum && old ? majorText(old, f.dec) : '';
    }
  };
  const kinds = () => {
    const offered = new Set<string>(presetKinds(f.preset.value));
    for (const [k, label] of labels) label.hidden = !offered.has(k);
  };
  f.minimum.addEventListener('input', update);
  update();
  if (!table) {
    f.preset.addEventListener('change', kinds);
    kinds();
  }
}

/** The currency's sign in the language ("€"), else its code. */
function currencySign(lang: string, code: string): string {
  try {
    const parts = new Intl.NumberFormat(lang, { style: 'currency', currency: code }).formatToParts(0);
    return parts.find((p) => p.type === 'currency')?.value ?? code;
  } catch {
    return code;
  }
}

/**
 * Shows the form in `root`: a new table when `table` is null, else that table's settings.
 * `done` is called after a successful save. A refusal is shown in the form by its buttons
 * (never over the fields) and marks the field it names.
 */
export function showTableForm(
  root: HTMLElement,
  ctx: ScreenCtx,
  table: TableConfigView | null,
  done: () => void,
): void {
  const w = (k: BoKey) => bw(ctx.lang, k);
  const f = fieldsOf(ctx, table);
  const labels = new Map([...f.maxima].map(([k, el]) => [k, field(kindLabel(ctx.lang, k), el)]));
  followMinimum(f, table, labels);
  const submit = async (e: Event) => {
    e.preventDefault();
    f.error.hidden = true;
    try {
      if (table) {
        const patch = patchOf(table, valuesOf(f));
        if (Object.keys(patch).length)
          await ctx.api.call('PATCH', `/api/admin/tables/${encodeURIComponent(table.id)}`, patch);
      } else await ctx.api.call('POST', '/api/admin/tables', createBody(f));
      ctx.toast(w(table ? 'saved' : 'done'));
      done();
    } catch (err) {
      markField(f, err);
      f.error.textContent = failureText(ctx.lang, err);
      f.error.hidden = false;
    }
  };
  const sign = currencySign(ctx.lang, table?.currency ?? 'EUR');
  const row = (...cells: Array<HTMLElement | null>) => h('div', { class: 'bo-row' }, ...cells);
  root.replaceChildren(
    h(
      'form',
      { class: 'panel bo-form', id: 'table-form', onsubmit: submit },
      h('h2', {}, table ? `${w('configure')} — ${table.name}` : w('newTable')),
      row(
        field(w('id'), f.id),
        field(w('name'), f.name),
        field(w('preset'), f.preset),
        field(w('prisonLevels'), f.maxLevel),
        field(w('prisonAtLimit'), f.atLimit),
      ),
      table ? h('p', { class: 'empty' }, w('rulesFixed')) : null,
      h('p', { class: 'empty', id: 'tf-units' }, w('amountsIn').replace('{currency}', sign)),
      row(field(`${w('minimum')} (${sign})`, f.minimum), field(w('evenChanceUnit'), f.unit)),
      h('h3', {}, w('maxima')),
      table ? h('p', { class: 'empty', id: 'tf-maxima-reset' }, w('maximaReset')) : null,
      h('div', { class: 'bo-row bo-maxima' }, ...labels.values()),
      h('h3', {}, w('timings')),
      row(...[...f.timings].map(([k, el]) => field(w(k), el))),
      row(
        field(w('mode'), f.mode),
        field(w('device'), f.device),
        field(w('timeZone'), f.timeZone),
        field(w('croupierPaced'), f.paced),
        table ? null : field(w('openNow'), f.openNow),
      ),
      h(
        'div',
        { class: 'bo-actions' },
        h('button', { class: 'btn primary', type: 'submit', id: 'tf-save' }, w(table ? 'save' : 'create')),
        h('button', { class: 'btn', type: 'button', onclick: done }, w('cancel')),
      ),
      f.error,
    ),
  );
}
