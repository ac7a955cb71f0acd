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
import type { BoKey } from './words/en.ts';

const TIMINGS = ['bettingMs', 'launchMs', 'ballMs', 'resultMs', 'zeroChoiceMs'] as const;
const KINDS = Object.keys(ART53_MULTIPLES);

/** Minor units from a typed amount in major units ("12.50" → 1250 with 2 decimals); NaN when not a number. */
export function minorOf(text: string, decimals: number): number {
  const t = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(t)) return Number.NaN;
  const [i, f = ''] = t.split('.');
  if (f.length > decimals) return Number.NaN;
  return Number(i) * 10 ** decimals + Number(f.padEnd(decimals, '0') || '0');
}

const major = (minor: number, decimals: number) => (minor / 10 ** decimals).toFixed(decimals);

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
  const dec = table?.decimals ?? 2;
  const rules = (table?.rules ?? {}) as { preset?: string; prison?: { maxLevel?: number; atLimit?: string } };
  const id = input('id', table?.id ?? '', 'text', { id: 'tf-id', disabled: table !== null, maxlength: 32 });
  const name = input('name', table?.name ?? '', 'text', { id: 'tf-name' });
  const preset = h(
    'select',
    { name: 'preset', id: 'tf-preset', disabled: table !== null },
    ...PRESETS.map((p) => h('option', { value: p, selected: (rules.preset ?? 'french') === p }, p)),
  ) as HTMLSelectElement;
  const maxLevel = input('maxLevel', String(rules.prison?.maxLevel ?? ''), 'number', {
    min: 1,
    max: 10,
    id: 'tf-prison',
  });
  const atLimit = h(
    'select',
    { name: 'atLimit', disabled: table !== null },
    h('option', { value: '' }, '—'),
    h('option', { value: 'lose', selected: rules.prison?.atLimit === 'lose' }, w('atLimitLose')),
    h('option', { value: 'partage', selected: rules.prison?.atLimit === 'partage' }, w('atLimitPartage')),
  ) as HTMLSelectElement;
  if (table) maxLevel.disabled = true;
  const minimum = input('minimum', table ? major(table.minimum, dec) : '1.00', 'text', { id: 'tf-minimum' });
  const maxima = new Map(
    KINDS.map((k) => [
      k,
      input(`max-${k}`, table?.maxima[k] !== undefined ? major(table.maxima[k], dec) : '', 'text', {
        id: `tf-max-${k}`,
      }),
    ]),
  );
  const placeholders = () => {
    const min = minorOf(minimum.value, dec);
    for (const [k, el] of maxima)
      el.placeholder = Number.isFinite(min) ? major(min * ART53_MULTIPLES[k as keyof typeof ART53_MULTIPLES], dec) : '';
  };
  minimum.addEventListener('input', placeholders);
  placeholders();
  const timings = new Map(
    TIMINGS.map((k) => [k, input(k, table ? String(table.timings[k]) : '', 'number', { id: `tf-${k}`, min: 0 })]),
  );
  const mode = h(
    'select',
    { name: 'mode', id: 'tf-mode' },
    ...(['rng', 'manual', 'wheel'] as const).map((m) =>
      h(
        'option',
        { value: m, selected: (table?.mode ?? 'rng') === m },
        w(m === 'rng' ? 'modeRng' : m === 'manual' ? 'modeManual' : 'modeWheel'),
      ),
    ),
  ) as HTMLSelectElement;
  const device = input('device', ((table?.wheel as { device?: string }) ?? {}).device ?? '', 'text', {
    id: 'tf-device',
    placeholder: '/dev/ttyUSB0',
  });
  const timeZone = input('timeZone', table?.timeZone ?? 'UTC', 'text', { id: 'tf-tz' });
  const paced = input('croupierPaced', '', 'checkbox', { id: 'tf-paced', checked: table?.croupierPaced ?? false });
  const unit = input('evenChanceUnit', table?.evenChanceUnit ? major(table.evenChanceUnit, dec) : '', 'text', {
    id: 'tf-unit',
  });
  const openNow = input('open', '', 'checkbox', { id: 'tf-open', checked: true });

  const body = (): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    if (name.value.trim()) out.name = name.value.trim();
    out.minimum = minorOf(minimum.value, dec);
    const mx: Record<string, number> = {};
    for (const [k, el] of maxima) if (el.value.trim()) mx[k] = minorOf(el.value, dec);
    if (Object.keys(mx).length) out.maxima = mx;
    const tm: Record<string, number> = {};
    for (const [k, el] of timings) if (el.value.trim()) tm[k] = Number(el.value);
    if (Object.keys(tm).length) out.timings = tm;
    out.mode = mode.value;
    if (mode.value === 'wheel' && !table) out.wheel = { driver: 'ss2', device: device.value.trim() };
    out.timeZone = timeZone.value.trim() || 'UTC';
    out.croupierPaced = paced.checked;
    out.evenChanceUnit = unit.value.trim() ? minorOf(unit.value, dec) : null;
    if (!table) {
      out.id = id.value.trim();
      const prison: Record<string, unknown> = {};
      if (maxLevel.value) prison.maxLevel = Number(maxLevel.value);
      if (atLimit.value) prison.atLimit = atLimit.value;
      out.rules = Object.keys(prison).length ? { preset: preset.value, prison } : preset.value;
      out.open = openNow.checked;
    }
    return out;
  };
  const submit = async (e: Event) => {
    e.preventDefault();
    try {
      if (table) await ctx.api.call('PATCH', `/api/admin/tables/${encodeURIComponent(table.id)}`, body());
      else await ctx.api.call('POST', '/api/admin/tables', body());
      ctx.toast(w(table ? 'saved' : 'done'));
      done();
    } catch (err) {
      ctx.toast(err);
    }
  };
  root.replaceChildren(
    h(
      'form',
      { class: 'panel bo-form', id: 'table-form', onsubmit: submit },
      h('h2', {}, table ? `${w('configure')} — ${table.name}` : w('newTable')),
      h(
        'div',
        { class: 'bo-row' },
        field(w('id'), id),
        field(w('name'), name),
        field(w('preset'), preset),
        field(w('prisonLevels'), maxLevel),
        field(w('prisonAtLimit'), atLimit),
      ),
      table ? h('p', { class: 'empty' }, w('rulesFixed')) : null,
      h('div', { class: 'bo-row' }, field(w('minimum'), minimum), field(w('evenChanceUnit'), unit)),
      h('h3', {}, w('maxima')),
      h('div', { class: 'bo-row bo-maxima' }, ...[...maxima].map(([k, el]) => field(k, el))),
      h('h3', {}, w('timings')),
      h('div', { class: 'bo-row' }, ...[...timings].map(([k, el]) => field(w(k), el))),
      h(
        'div',
        { class: 'bo-row' },
        field(w('mode'), mode),
        field(w('device'), device),
        field(w('timeZone'), timeZone),
        field(w('croupierPaced'), paced),
        table ? null : field(w('openNow'), openNow),
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
