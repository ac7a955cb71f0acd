/**
 * What the table form sends (QA: raising a table's minimum failed, the form re-sending every old
 * maximum, now below the new minimum). Pure: no DOM, so test/web checks the payloads and labels.
 *
 * - Configure (PATCH /api/admin/tables/:id) sends only what the pit boss changed, as the API
 *   means it: a new minimum alone resets the maxima to the art. 53 multiples (RULES §6,
 *   src/protocol/art53.ts) on the server, so a maximum goes out only when it differs from what the
 *   server would keep or reset it to. An empty maximum is the art. 53 multiple of the minimum.
 * - Create (POST /api/admin/tables) sends the typed maxima of the kinds the chosen rule set offers.
 * - Amounts are typed in the currency's major units ("12.50"); a maximum below the minimum is
 *   refused here, worded with the amounts in major units and naming the field (`maxima.<kind>`).
 * - Only the kinds the table's rule set offers (RULES §3a) have a maximum: `cinq` only on
 *   double-zero tables.
 */
import { KIND_NAMES, preset, PRESETS, type PositionKind, type PresetName } from '../../../src/engine/index.ts';
import { ART53_MULTIPLES } from '../../../src/protocol/art53.ts';
import type { TableConfigView } from '../../../src/protocol/views.ts';
import { ApiFailure } from '../api.ts';
import type { Language } from '../i18n.ts';
import { amountOf, checkLength, minorOf, optionalAmount } from './checks.ts';

/** The timings of the form, in the API's order. */
export const TIMINGS = ['bettingMs', 'launchMs', 'ballMs', 'resultMs', 'zeroChoiceMs'] as const;

/** What the pit boss typed (text as in the inputs; amounts in major units). */
export interface FormValues {
  name: string;
  minimum: string;
  /** Kind → typed maximum ('' for the art. 53 multiple); kinds the rule set does not offer are ignored. */
  maxima: ReadonlyMap<string, string>;
  timings: ReadonlyMap<string, string>;
  mode: string;
  timeZone: string;
  croupierPaced: boolean;
  evenChanceUnit: string;
}

/** An amount of minor units in major units with the currency's decimals (1250, 2 → "12.50"). */
export const majorText = (minor: number, decimals: number): string => (minor / 10 ** decimals).toFixed(decimals);

/** The kinds a rule-set preset offers (RULES §3a), in catalogue order; none for an unknown name. */
export function presetKinds(name: string): readonly PositionKind[] {
  return (PRESETS as readonly string[]).includes(name) ? preset(name as PresetName).offered : [];
}

/** The label of a maximum: the kind's name in the language, capitalised ("Carré", "Douzaines à cheval"). */
export function kindLabel(lang: Language, kind: string): string {
  const name = KIND_NAMES[lang][kind as PositionKind] ?? kind;
  return name.charAt(0).toLocaleUpperCase(lang) + name.slice(1);
}

/** The art. 53 maximum of a kind for a minimum (minor units). */
export const art53Of = (minimum: number, kind: string): number => minimum * ART53_MULTIPLES[kind as PositionKind];

/**
 * The typed maximum of `kind` in minor units (empty: the art. 53 multiple), at least `minimum`:
 * else INVALID_CONFIG naming `maxima.<kind>` with the minimum, as the server refuses it.
 */
function maximumOf(v: FormValues, kind: string, minimum: number, decimals: number, currency: string): number {
  const text = v.maxima.get(kind) ?? '';
  const field = `maxima.${kind}`;
  const value = text.trim() === '' ? art53Of(minimum, kind) : amountOf(text, decimals, field);
  if (value < minimum) {
    const error = {
      code: 'INVALID_CONFIG',
      message: `${field} is below the minimum`,
      detail: { field, minimum, currency, decimals },
    };
    throw new ApiFailure(error, 422);
  }
  return value;
}

/** The typed timings that differ from `base` (all typed ones when there is no base). */
function timingsOf(v: FormValues, base: Readonly<Record<string, number>> | null): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of TIMINGS) {
    const text = (v.timings.get(k) ?? '').trim();
    if (text !== '' && Number(text) !== base?.[k]) out[k] = Number(text);
  }
  return out;
}

/**
 * The PATCH body of the configure form: only the settings that differ from `table` (an empty
 * object when nothing changed). A new minimum leaves the untouched maxima (empty, or still the
 * table's old value) to the server's art. 53 reset; a maximum is sent when it differs from what
 * the server would keep or reset it to.
 */
export function patchOf(table: TableConfigView, v: FormValues): Record<string, unknown> {
  const dec = table.decimals;
  const out: Record<string, unknown> = {};
  const name = v.name.trim();
  if (name && name !== table.name) out.name = checkLength(name, 80, 'name');
  const minimum = amountOf(v.minimum, dec, 'minimum');
  const minChanged = minimum !== table.minimum;
  if (minChanged) out.minimum = minimum;
  const mx: Record<string, number> = {};
  for (const k of table.rules.offered) {
    // an old maximum left as it was follows the new minimum (the server's art. 53 reset)
    if (minChanged && minorOf(v.maxima.get(k) ?? '', dec) === table.maxima[k]) continue;
    const value = maximumOf(v, k, minimum, dec, table.currency);
    const kept = minChanged ? art53Of(minimum, k) : table.maxima[k];
    if (value !== kept) mx[k] = value;
  }
  if (Object.keys(mx).length) out.maxima = mx;
  const tm = timingsOf(v, table.timings as unknown as Record<string, number>);
  if (Object.keys(tm).length) out.timings = tm;
  if (v.mode !== table.mode) out.mode = v.mode;
  const zone = v.timeZone.trim() || 'UTC';
  if (zone !== table.timeZone) out.timeZone = zone;
  if (v.croupierPaced !== (table.croupierPaced ?? false)) out.croupierPaced = v.croupierPaced;
  const unit = optionalAmount(v.evenChanceUnit, dec, 'evenChanceUnit');
  if (unit !== (table.evenChanceUnit ?? null)) out.evenChanceUnit = unit;
  return out;
}

/**
 * The common part of a new table's POST body (the form adds id, rules, wheel and `open`):
 * minimum, the typed maxima of the kinds `kinds` (the chosen preset's), timings, mode, zone,
 * pacing, even-chance unit.
 */
export function createOf(v: FormValues, kinds: readonly string[], decimals: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const name = v.name.trim();
  if (name) out.name = checkLength(name, 80, 'name');
  const minimum = amountOf(v.minimum, decimals, 'minimum');
  out.minimum = minimum;
  const mx: Record<string, number> = {};
  for (const k of kinds) if ((v.maxima.get(k) ?? '').trim()) mx[k] = maximumOf(v, k, minimum, decimals, 'EUR');
  if (Object.keys(mx).length) out.maxima = mx;
  const tm = timingsOf(v, null);
  if (Object.keys(tm).length) out.timings = tm;
  out.mode = v.mode;
  out.timeZone = v.timeZone.trim() || 'UTC';
  out.croupierPaced = v.croupierPaced;
  out.evenChanceUnit = optionalAmount(v.evenChanceUnit, decimals, 'evenChanceUnit');
  return out;
}
