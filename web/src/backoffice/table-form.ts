/**
 * The table form of the back office: create a table (POST /api/admin/tables) or configure a
 * running one (PATCH /api/admin/tables/:id; the machine applies it at the next phase). Rules
 * preset and prison settings (creation only: a running table's rule set never changes), minimum
 * and the maxima per kind (empty: the art. 53 multiple of the minimum, shown as the placeholder),
 * timings, wheel mode (rng, manual, an SS2 device), time zone, croupier pacing, even-chance unit.
 */
import { PRESETS } from '../../../src/engine/index.ts';
import { ART53_MULTIPLES } from '../../../src/protocol/art53.ts';
import type { TableConfigView } from '../../../src/protocol/views.ts';
import { h } from '../dom.ts';
import { bw, field, input, type ScreenCtx } from './common.ts';
import { amountOf, checkLength, minorOf, optionalAmount } from './checks.ts';
import type { BoKey } from './words/en.ts';

const TIMINGS = ['bettingMs', 'launchMs', 'ballMs', 'resultMs', 'zeroChoiceMs'] as const;
const KINDS = Object.keys(ART53_MULTIPLES);

const major = (minor: number, decimals: number) => (minor / 10 ** decimals).toFixed(decimals);

/** The inputs of the form. */
type Fields = ReturnType<typeof fieldsOf>;

/** The form's inputs, filled from `table` (null: a new table). */
function fieldsOf(ctx: ScreenCtx, table: TableConfigView | null) {
  const w = (k: BoKey) => bw(ctx.lang, k);
  const dec = table?.decimals ?? 2;
  const rules = (table?.rules ?? {}) as { preset?: string; prison?: { maxLevel?: number; atLimit?: string } };
  const fixed = table !== null;
  const amount = (name: string, minor: number | null | undefined, id: string) =>
    input(name, minor ? major(minor, dec) : '', 'text', { id });
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
    minimum: input('minimum', table ? major(table.minimum, dec) : '1.00', 'text', { id: 'tf-minimum' }),
    maxima: new Map(KINDS.map((k) => [k, amount(`max-${k}`, table?.maxima[k], `tf-max-${k}`)])),
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
  };
}

/**
 * The request body of the form: a configuration patch, or (new table) the whole TableConfigInput
 * with `open`. A typed amount that is not one, an id or a name too long, is refused here with the
 * server's code (checks.ts), never sent as null or cut.
 */
function bodyOf(f: Fields, isNew: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (f.name.value.trim()) out.name = checkLength(f.name.value.trim(), 80, 'name');
  out.minimum = amountOf(f.minimum.value, f.dec, 'minimum');
  const mx: Record<string, number> = {};
  for (const [k, el] of f.maxima) if (el.value.trim()) mx[k] = amountOf(el.value, f.dec, `maxima.${k}`);
  if (Object.keys(mx).length) out.maxima = mx;
  const tm: Record<string, number> = {};
  for (const [k, el] of f.timings) if (el.value.trim()) tm[k] = Number(el.value);
  if (Object.keys(tm).length) out.timings = tm;
  out.mode = f.mode.value;
  out.timeZone = f.timeZone.value.trim() || 'UTC';
  out.croupierPaced = f.paced.checked;
  out.evenChanceUnit = optionalAmount(f.unit.value, f.dec, 'evenChanceUnit');
  if (!isNew) return out;
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
  });
  for (const [k, el] of f.maxima) byField[`maxima.${k}`] = el;
  for (const el of Object.values(byField)) el?.removeAttribute('aria-invalid');
  const el = typeof named === 'string' ? byField[named] : undefined;
  if (!el) return;
  el.setAttribute('aria-invalid', 'true');
  el.focus();
}

/**
 * Shows the form in `root`: a new table when `table` is null, else that table's settings.
 * `done` is called after a successful save.
 */
export function showTableForm(
  root: HTMLElement,
  ctx: ScreenCtx,
  table: TableConfigView | null,
  done: () => void,
): void {
  const w = (k: BoKey) => bw(ctx.lang, k);
  const f = fieldsOf(ctx, table);
  const placeholders = () => {
    const min = minorOf(f.minimum.value, f.dec);
    for (const [k, el] of f.maxima)
      el.placeholder = Number.isFinite(min)
        ? major(min * ART53_MULTIPLES[k as keyof typeof ART53_MULTIPLES], f.dec)
        : '';
  };
  f.minimum.addEventListener('input', placeholders);
  placeholders();
  const submit = async (e: Event) => {
    e.preventDefault();
    try {
      if (table) await ctx.api.call('PATCH', `/api/admin/tables/${encodeURIComponent(table.id)}`, bodyOf(f, false));
      else await ctx.api.call('POST', '/api/admin/tables', bodyOf(f, true));
      ctx.toast(w(table ? 'saved' : 'done'));
      done();
    } catch (err) {
      markField(f, err);
      ctx.toast(err);
    }
  };
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
      row(field(w('minimum'), f.minimum), field(w('evenChanceUnit'), f.unit)),
      h('h3', {}, w('maxima')),
      h('div', { class: 'bo-row bo-maxima' }, ...[...f.maxima].map(([k, el]) => field(k, el))),
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
    ),
  );
}
