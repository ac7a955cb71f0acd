/**
 * Table configuration: rule set, table minimum and per-kind maxima (RULES.md §6, French
 * regulation art. 53), timings of the coup, zero-choice deadline, and the wheel mode.
 *
 * All amounts are integer minor units of the casino currency; all durations milliseconds.
 */
import { ART53_MULTIPLES } from '../protocol/art53.ts';
import { offeredKinds, resolveRules, type Rules, type RulesInput } from '../engine/index.ts';
import type { PositionKind } from '../engine/index.ts';
import { ok, type Result } from '../engine/index.ts';
import { tableErr, type TableError } from './errors.ts';
import { echo } from '../protocol/shape.ts';
import { parseWheelConfig, type WheelConfig } from '../protocol/wheel-config.ts';

// the art. 53 multiples live in the wire contract (the back office's form shows them as defaults)
export { ART53_MULTIPLES } from '../protocol/art53.ts';

/**
 * How the winning number is produced: a random source, a croupier entering a physical wheel's
 * number, or an automatic wheel controller (`wheel`: the wheel calls the phases and gives the
 * number, docs/WHEELS.md).
 */
export type WheelMode = 'rng' | 'manual' | 'wheel';

/** What a wheel fault does to the coup in progress: `void` (every stake returned) or `hold` it for the chef. */
export type WheelFaultPolicy = 'void' | 'hold';

/** Coup timings, milliseconds. */
export interface TableTimings {
  /** "Faites vos jeux" until the launch (bets accepted). */
  readonly bettingMs: number;
  /** From the launch to "rien ne va plus" (the ball runs; bets still accepted). */
  readonly launchMs: number;
  /** From "rien ne va plus" until the ball falls (RNG mode; bets refused). */
  readonly ballMs: number;
  /** Result shown (announcement, settlement) before the next coup opens. */
  readonly resultMs: number;
  /** After a zero: time a player has to choose la partage / stay / move for a new prisoner. */
  readonly zeroChoiceMs: number;
}

/** A complete, validated table configuration. */
export interface TableConfig {
  /** Table id: 1-32 characters [a-z0-9-]. */
  readonly id: string;
  /** Display name. */
  readonly name: string;
  /** The rule-set input as given (preset name or object, see engine resolveRules). */
  readonly rules: RulesInput;
  /** ISO 4217 code of the casino currency (display only; one wallet per player; fixed once the table has played). */
  readonly currency: string;
  /** Digits after the decimal point of the currency (display only), 0..4; fixed once the table has played. */
  readonly decimals: number;
  /** Table minimum per bet, per chip of an announced bet; minor units. */
  readonly minimum: number;
  /**
   * Maximum per position kind, minor units, per player and coup (see {@link checkLimits}): one
   * entry per kind the rule set offers (RULES §3a, engine `offeredKinds`), none for the others.
   */
  readonly maxima: Readonly<Partial<Record<PositionKind, number>>>;
  readonly timings: TableTimings;
  readonly mode: WheelMode;
  /**
   * The croupier paces the coup: no betting timer; the croupier launches and calls "rien ne
   * va plus" (`launch` / `close`). Usual with a physical wheel. Default false.
   */
  readonly croupierPaced: boolean;
  /** Largest number of bets one player may have on the layout in one coup. */
  readonly maxBetsPerPlayer: number;
  /** IANA time zone for the gaming day (the day's date pocket, RULES §6). */
  readonly timeZone: string;
  /** Mode `wheel` only: the wheel controller (src/protocol/wheel-config.ts). */
  readonly wheel?: WheelConfig;
  /** Mode `wheel` only: what a wheel fault does to the coup (default `void`). */
  readonly wheelFault?: WheelFaultPolicy;
  /**
   * Even-chance stake unit (RULES §3a), minor units (the table's smallest chip): stakes on
   * chances simples must be multiples of 2 × this unit (refused otherwise with
   * INVALID_STAKE_UNIT), so that la partage never rounds. `null`: any stake. A table option,
   * also after creation (`PATCH`); it overrides an `evenChanceUnit` written in `rules`.
   * Absent only in configurations stored before it existed (then the rules' own value holds).
   */
  readonly evenChanceUnit?: number | null;
  /**
   * A number entered by the croupier is settled only on confirm (`POST .../result/confirm`),
   * and may be corrected until then. Default: true on a manual table, false on an RNG table
   * (whose drawn numbers always settle at once); a stored configuration without it follows the
   * default ({@link confirmsResult}). Stored resolved; a change of the mode that does not name it
   * derives it again from the new mode ({@link reconfiguredConfirmResult}).
   */
  readonly confirmResult?: boolean;
}

/** Whether a croupier's number waits for confirmation on this table (see {@link TableConfig.confirmResult}). */
export function confirmsResult(c: TableConfig): boolean {
  return c.confirmResult ?? c.mode === 'manual';
}

/**
 * The `confirmResult` input of a configuration change (docs/API.md "confirmResult"): the patch's
 * own value when it names one; when it changes the wheel mode without naming one, `undefined`,
 * so that {@link resolveTableConfig} derives it from the new mode (a table switched from the
 * automatic draw to a physical wheel confirms its numbers, QA); otherwise the stored value.
 */
export function reconfiguredConfirmResult(
  c: TableConfig,
  patch: { readonly mode?: WheelMode; readonly confirmResult?: boolean },
): boolean | undefined {
  if (patch.confirmResult !== undefined) return patch.confirmResult;
  if (patch.mode !== undefined && patch.mode !== c.mode) return undefined;
  return c.confirmResult;
}

/** Default timings: 15 s betting, 3 s launch, 3 s ball, 5 s result, 20 s zero choice. */
export const DEFAULT_TIMINGS: TableTimings = {
  bettingMs: 15_000,
  launchMs: 3_000,
  ballMs: 3_000,
  resultMs: 5_000,
  zeroChoiceMs: 20_000,
};

/**
 * Smallest timings a table accepts (ms), so that a coup can be followed by people: 1 s of
 * betting (not used by a croupier-paced table, which has no betting timer: 0 allowed there),
 * 0.5 s of result display; the launch, the ball and the zero choice may be 0 (no launch window,
 * an immediate draw, no choice window). A coup therefore lasts at least 1.5 s. The largest
 * value of every timing is {@link MAX_TIMING_MS}.
 */
export const MIN_TIMINGS: TableTimings = { bettingMs: 1_000, launchMs: 0, ballMs: 0, resultMs: 500, zeroChoiceMs: 0 };

/** Largest value of a timing: 24 hours. */
export const MAX_TIMING_MS = 24 * 3600_000;

/**
 * The art. 53 maxima for a table minimum (minor units), for the given kinds (default: every
 * kind; a table passes the kinds its rule set offers, RULES §3a).
 */
export function art53Maxima(
  minimum: number,
  kinds: readonly PositionKind[] = Object.keys(ART53_MULTIPLES) as PositionKind[],
): Partial<Record<PositionKind, number>> {
  const out: Partial<Record<PositionKind, number>> = {};
  for (const k of kinds) out[k] = ART53_MULTIPLES[k] * minimum;
  return out;
}

/** Largest even-chance stake unit of a table, minor units (the engine's limit: half the largest stake). */
export const MAX_TABLE_EVEN_CHANCE_UNIT = 500_000_000_000;

/** Configuration as given by an admin or the command line; missing fields take defaults. */
export interface TableConfigInput {
  id: string;
  name?: string;
  rules: RulesInput;
  currency?: string;
  decimals?: number;
  minimum: number;
  /** Overrides of single maxima (minor units). */
  maxima?: Partial<Record<PositionKind, number>>;
  timings?: Partial<TableTimings>;
  mode?: WheelMode;
  croupierPaced?: boolean;
  maxBetsPerPlayer?: number;
  timeZone?: string;
  /** Required with mode `wheel`: the controller, e.g. `{driver: "ss2", device: "/dev/ttyUSB0", baud: 9600}`. */
  wheel?: unknown;
  wheelFault?: WheelFaultPolicy;
  /** Even-chance stake unit (see {@link TableConfig.evenChanceUnit}); `null` removes it. */
  evenChanceUnit?: number | null;
  confirmResult?: boolean;
}

const isAmount = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x > 0 && x <= 1e12;

/**
 * The maxima of a configuration: the art. 53 multiples of `minimum` for the kinds `rules` offer,
 * overridden by `input.maxima`; or why they are refused (the message and `detail.field`; a
 * maximum below the minimum also says the minimum and its currency, for the clients' words).
 */
function maximaOf(
  input: TableConfigInput,
  minimum: number,
  rules: Rules,
): Partial<Record<PositionKind, number>> | { message: string; detail?: Record<string, unknown> } {
  const maxima = art53Maxima(minimum, offeredKinds(rules));
  for (const [k, v] of Object.entries(input.maxima ?? {})) {
    if (!Object.hasOwn(ART53_MULTIPLES, k)) return { message: `unknown bet kind "${k}" in maxima` };
    const field = `maxima.${k}`;
    if (!Object.hasOwn(maxima, k))
      return {
        message: `the ${rules.preset} rules do not offer ${k} bets (RULES §3a): no maximum for them`,
        detail: { field },
      };
    if (!isAmount(v) || v < minimum) {
      const detail = { field, minimum, currency: input.currency ?? 'EUR', decimals: input.decimals ?? 2 };
      return { message: `${field} must be an integer of minor units >= the minimum`, detail };
    }
    maxima[k as PositionKind] = v;
  }
  return maxima;
}

/**
 * Validates and completes a table configuration. Errors: INVALID_CONFIG (with the field; also a
 * maximum for a kind the rule set does not offer, RULES §3a, and an even-chance unit outside
 * 1..{@link MAX_TABLE_EVEN_CHANCE_UNIT}), UNKNOWN_RULES / INVALID_RULES (from the engine).
 */
export function resolveTableConfig(input: TableConfigInput): Result<TableConfig, TableError> {
  const bad = (m: string, detail?: Record<string, unknown>) => ({
    ok: false as const,
    error: tableErr('INVALID_CONFIG', m, detail),
  });
  if (typeof input.id !== 'string' || !/^[a-z0-9][a-z0-9-]{0,31}$/.test(input.id))
    return bad('id must be 1-32 characters a-z, 0-9, "-"');
  const rules = resolveRules(input.rules);
  if (!rules.ok) return { ok: false, error: { code: rules.error.code, message: rules.error.message } };
  if (!isAmount(input.minimum)) return bad('minimum must be a positive integer of minor units', { field: 'minimum' });
  const maxima = maximaOf(input, input.minimum, rules.value);
  if ('message' in maxima) return bad(maxima.message, maxima.detail);
  const mode = input.mode ?? 'rng';
  if (mode !== 'rng' && mode !== 'manual' && mode !== 'wheel') return bad('mode must be "rng", "manual" or "wheel"');
  const wheel = wheelPart(mode, input);
  if (!wheel.ok) return bad(wheel.message, { field: 'wheel' });
  const croupierPaced = input.croupierPaced ?? false;
  if (typeof croupierPaced !== 'boolean') return bad('croupierPaced must be true or false');
  const timings = { ...DEFAULT_TIMINGS, ...(input.timings ?? {}) };
  for (const [k, v] of Object.entries(timings)) {
    if (!Object.hasOwn(MIN_TIMINGS, k)) return bad(`unknown timing "${k}"`, { field: `timings.${k}` });
    const min = k === 'bettingMs' && croupierPaced ? 0 : MIN_TIMINGS[k as keyof TableTimings];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > MAX_TIMING_MS) {
      const why =
        k === 'bettingMs' && !croupierPaced ? ' (a croupier-paced table has no betting timer and may use 0)' : '';
      return bad(`timings.${k} must be an integer of milliseconds from ${min} to ${MAX_TIMING_MS}${why}`, {
        field: `timings.${k}`,
        minimum: min,
        maximum: MAX_TIMING_MS,
      });
    }
  }
  const currency = input.currency ?? 'EUR';
  if (!/^[A-Z]{3}$/.test(currency)) return bad('currency must be an ISO 4217 code');
  const decimals = input.decimals ?? 2;
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 4) return bad('decimals must be 0..4');
  const maxBetsPerPlayer = input.maxBetsPerPlayer ?? 200;
  if (!Number.isInteger(maxBetsPerPlayer) || maxBetsPerPlayer < 1 || maxBetsPerPlayer > 10_000)
    return bad('maxBetsPerPlayer must be 1..10000');
  const confirmResult = input.confirmResult ?? mode === 'manual';
  if (typeof confirmResult !== 'boolean') return bad('confirmResult must be true or false');
  const timeZone = input.timeZone ?? 'UTC';
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone });
  } catch {
    return bad(`unknown time zone ${echo(timeZone)}`);
  }
  const evenChanceUnit =
    input.evenChanceUnit === undefined ? (rules.value.evenChanceUnit ?? null) : input.evenChanceUnit;
  if (
    evenChanceUnit !== null &&
    (typeof evenChanceUnit !== 'number' ||
      !Number.isSafeInteger(evenChanceUnit) ||
      evenChanceUnit < 1 ||
      evenChanceUnit > MAX_TABLE_EVEN_CHANCE_UNIT)
  )
    return bad(`evenChanceUnit must be null or an integer of minor units 1..${MAX_TABLE_EVEN_CHANCE_UNIT}`, {
      field: 'evenChanceUnit',
      minimum: 1,
      maximum: MAX_TABLE_EVEN_CHANCE_UNIT,
    });
  return ok({
    id: input.id,
    name: input.name ?? input.id,
    rules: input.rules,
    currency,
    decimals,
    minimum: input.minimum,
    maxima,
    timings,
    mode,
    croupierPaced,
    maxBetsPerPlayer,
    timeZone,
    evenChanceUnit,
    ...wheel.value,
    confirmResult,
  });
}

/** The wheel fields of a configuration: required with mode `wheel`, refused with another mode. */
function wheelPart(
  mode: WheelMode,
  input: TableConfigInput,
): { ok: true; value: Pick<TableConfig, 'wheel' | 'wheelFault'> } | { ok: false; message: string } {
  if (mode !== 'wheel') {
    if (input.wheel !== undefined || input.wheelFault !== undefined)
      return { ok: false, message: 'wheel and wheelFault belong to a table of mode "wheel"' };
    return { ok: true, value: {} };
  }
  const w = parseWheelConfig(input.wheel);
  if (!w.ok) return { ok: false, message: `wheel: ${w.message}` };
  const wheelFault = input.wheelFault ?? 'void';
  if (wheelFault !== 'void' && wheelFault !== 'hold')
    return { ok: false, message: 'wheelFault must be "void" or "hold"' };
  return { ok: true, value: { wheel: w.config, wheelFault } };
}

/** The coup has no betting or launch timer: the croupier paces it, or an automatic wheel calls the phases. */
export function untimed(config: TableConfig): boolean {
  return config.croupierPaced || config.mode === 'wheel';
}

/**
 * The engine rule set of a configuration, with the table's even-chance unit
 * ({@link TableConfig.evenChanceUnit}); throws if the configuration was not validated.
 */
export function rulesOf(config: TableConfig): Rules {
  const r = resolveRules(config.rules);
  if (!r.ok) throw new Error(`internal: table ${config.id} has invalid rules: ${r.error.message}`);
  const unit = config.evenChanceUnit;
  if (unit === undefined || unit === (r.value.evenChanceUnit ?? null)) return r.value;
  const { evenChanceUnit: _old, ...rest } = r.value;
  return unit === null ? rest : { ...rest, evenChanceUnit: unit };
}

/**
 * The configuration's maxima of the kinds its rule set offers (RULES §3a): a configuration
 * stored before the rule sets' lists (issue 11) may still carry the others.
 */
export function offeredMaxima(config: TableConfig): Partial<Record<PositionKind, number>> {
  const out: Partial<Record<PositionKind, number>> = {};
  for (const k of offeredKinds(rulesOf(config))) if (config.maxima[k] !== undefined) out[k] = config.maxima[k];
  return out;
}

/** The gaming day of an instant in a time zone: ISO date and day of month (1..31). */
export function gamingDay(now: number, timeZone: string): { date: string; dayOfMonth: number } {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(now),
  );
  return { date, dayOfMonth: Number(date.slice(8, 10)) };
}
