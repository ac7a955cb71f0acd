/**
 * Rule sets (RULES.md §4): which wheel, what a zero does to the chances simples,
 * en prison depth, payout model, and whether announced bets are offered.
 */
import { POSITION_KINDS, type PositionKind } from './layout.ts';
import { err, ok, shown, type Result } from './result.ts';
import type { WheelKind } from './wheel.ts';

/** Names of the preset rule sets (RULES §4). */
export const PRESETS = ['european', 'french', 'american', 'historic-37', 'historic-38'] as const;
/** A preset rule-set name. */
export type PresetName = (typeof PRESETS)[number];

/**
 * What a zero (0, or 00 on a double-zero wheel) does to a bet on a chance simple:
 * - `lose`: the bet loses (european; american art. 57-2);
 * - `prison`: en prison, with the player's option of la partage (french);
 * - `partage`: always la partage, half returned (a table setting some casinos use);
 * - `return-matching`: historic German rule: on 0 the stakes on rouge, impair and manque are
 *   returned, on 00 those on noir, pair and passe; the others lose.
 */
export type ChanceOnZero = 'lose' | 'prison' | 'partage' | 'return-matching';

/** En prison settings (RULES §4): depth limit and what a zero at the limit does. */
export interface PrisonSettings {
  /** Deepest level a prisoner can reach, 1..10 (Italian seed 3, Czech seed 2). */
  readonly maxLevel: number;
  /** A zero that finds a prisoner at maxLevel: `lose` it (cs) or halve it, `partage` (it). */
  readonly atLimit: 'lose' | 'partage';
}

/**
 * Payout model: `standard` pays the net odds of RULES §2-3 ("to 1", stake kept);
 * `historic` returns 36/n times the stake for a group of n numbers (German seed, RULES §4),
 * the same as standard for every kind the historic sets offer (RULES §3a); it would differ only
 * for the five-number (36/5 instead of 7), which they refuse (docs/RULES-NOTES.md #3).
 */
export type PayoutModel = 'standard' | 'historic';

/** A complete, validated rule set. */
export interface Rules {
  readonly preset: PresetName;
  readonly wheel: WheelKind;
  readonly chanceOnZero: ChanceOnZero;
  readonly prison: PrisonSettings;
  readonly payout: PayoutModel;
  /** Announced bets (RULES §5) are offered on french and european tables only (RULES §3a). */
  readonly announcedBets: boolean;
  /**
   * The position kinds this rule set offers (RULES §3a), in catalogue order; a bet on any other
   * kind is refused with BET_NOT_OFFERED. See {@link offeredKinds}.
   */
  readonly offered: readonly PositionKind[];
  /**
   * Even-chance stake unit (RULES §3a), minor units: when set, a stake on a chance simple must
   * be a multiple of 2 × this unit (the table's smallest chip), so that la partage never rounds;
   * otherwise it is refused with INVALID_STAKE_UNIT. Undefined: any stake (the default).
   */
  readonly evenChanceUnit?: number;
  /**
   * Betting closes at the launch (RULES §3a, historic tables, de seed: "Sind die Einsätze
   * erfolgt, so wird die Scheibe ... in Bewegung gesetzt"): no bets while the ball runs, there is
   * no window between the launch and "rien ne va plus". False: bets are accepted until
   * "rien ne va plus" (RULES §6).
   */
  readonly closesAtLaunch: boolean;
  /**
   * On 0 / 00 the chances simples the zero rule returns (status `returned`) stay on the layout as
   * the player's for the next coup unless the player withdraws them (RULES §3a, historic tables,
   * de seed); their settlement carries `stays: true`. False: a returned stake is handed back.
   */
  readonly returnedStay: boolean;
}

const ALL_KINDS = POSITION_KINDS;
const without = (...no: PositionKind[]) => Object.freeze(ALL_KINDS.filter((k) => !no.includes(k)));
/** french, european (RULES §3a): every position of a single-zero layout (it has no five-number). */
const OFFERED_FRENCH = without('cinq');
/** american (RULES §3a, fr seed art. 57-2 "que des combinaisons suivantes"): no 24-number bets. */
const OFFERED_AMERICAN = without('douzaines', 'colonnes');
/** historic-37 / -38 (RULES §3a, de seed: groups of 2, 3, 4, 6, twelves): no five-number, no 24-number bets. */
const OFFERED_HISTORIC = without('cinq', 'douzaines', 'colonnes');

/** Default en prison settings: 3 levels, partage at the limit (RULES §4). */
export const DEFAULT_PRISON: PrisonSettings = Object.freeze({ maxLevel: 3, atLimit: 'partage' });
/** Largest prison depth a table may configure. */
export const MAX_PRISON_LEVEL = 10;

const PRESET_RULES: Record<PresetName, Rules> = {
  european: {
    preset: 'european',
    wheel: 'single',
    chanceOnZero: 'lose',
    prison: DEFAULT_PRISON,
    payout: 'standard',
    announcedBets: true,
    offered: OFFERED_FRENCH,
    closesAtLaunch: false,
    returnedStay: false,
  },
  french: {
    preset: 'french',
    wheel: 'single',
    chanceOnZero: 'prison',
    prison: DEFAULT_PRISON,
    payout: 'standard',
    announcedBets: true,
    offered: OFFERED_FRENCH,
    closesAtLaunch: false,
    returnedStay: false,
  },
  american: {
    preset: 'american',
    wheel: 'double',
    chanceOnZero: 'lose',
    prison: DEFAULT_PRISON,
    payout: 'standard',
    announcedBets: false,
    offered: OFFERED_AMERICAN,
    closesAtLaunch: false,
    returnedStay: false,
  },
  'historic-37': {
    preset: 'historic-37',
    wheel: 'single',
    chanceOnZero: 'return-matching',
    prison: DEFAULT_PRISON,
    payout: 'historic',
    announcedBets: false,
    offered: OFFERED_HISTORIC,
    closesAtLaunch: true,
    returnedStay: true,
  },
  'historic-38': {
    preset: 'historic-38',
    wheel: 'double',
    chanceOnZero: 'return-matching',
    prison: DEFAULT_PRISON,
    payout: 'historic',
    announcedBets: false,
    offered: OFFERED_HISTORIC,
    closesAtLaunch: true,
    returnedStay: true,
  },
};

// frozen, with their prison settings and offered kinds (above): every caller shares these objects,
// so a library user's assignment must not change the rules of every table (QA)
for (const r of Object.values(PRESET_RULES)) Object.freeze(r);

/** The rule set of a preset, unmodified; frozen (shared by every caller). */
export function preset(name: PresetName): Rules {
  return PRESET_RULES[name];
}

/**
 * The position kinds a rule set offers (RULES §3a), in catalogue order: what a table lists on
 * its layout and in its maxima. A pure read of {@link Rules.offered}.
 */
export function offeredKinds(rules: Rules): readonly PositionKind[] {
  return rules.offered;
}

/** True when the rule set offers bets on positions of this kind (RULES §3a). */
export function isOfferedKind(rules: Rules, kind: PositionKind): boolean {
  return rules.offered.includes(kind);
}

/** Largest even-chance stake unit, minor units (half of the largest stake, 10^12). */
export const MAX_EVEN_CHANCE_UNIT = 500_000_000_000;

/**
 * How rules are written outside the engine: a preset name, or
 * `{ preset, prison?: { maxLevel?, atLimit? }, chanceOnZero?, evenChanceUnit? }`.
 */
export type RulesInput =
  | string
  | {
      preset: string;
      prison?: { maxLevel?: unknown; atLimit?: unknown };
      chanceOnZero?: unknown;
      evenChanceUnit?: unknown;
    };

const CHANCE_ON_ZERO: readonly ChanceOnZero[] = ['lose', 'prison', 'partage', 'return-matching'];

/**
 * Reads a rule set (RULES §3a, §4). Errors: UNKNOWN_RULES (unknown preset, option or option
 * value), INVALID_RULES (malformed prison object, depth outside 1..10, prison settings on
 * a rule set without en prison, an even-chance unit that is not an integer
 * 1..{@link MAX_EVEN_CHANCE_UNIT}).
 */
export function resolveRules(input: unknown): Result<Rules> {
  const raw = typeof input === 'string' ? { preset: input } : input;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return err('UNKNOWN_RULES', 'rules must be a preset name or an object {"preset": ...}');
  }
  const r = raw as Record<string, unknown>;
  for (const key of Object.keys(r)) {
    if (!['preset', 'prison', 'chanceOnZero', 'evenChanceUnit'].includes(key))
      return err('UNKNOWN_RULES', `unknown rules option "${key}"`);
  }
  const name = typeof r.preset === 'string' ? r.preset.toLowerCase() : r.preset;
  if (typeof name !== 'string' || !(PRESETS as readonly string[]).includes(name)) {
    return err('UNKNOWN_RULES', `unknown rule set ${shown(r.preset)}; one of ${PRESETS.join(', ')}`);
  }
  const base = PRESET_RULES[name as PresetName];
  let chanceOnZero = base.chanceOnZero;
  if (r.chanceOnZero !== undefined) {
    if (!CHANCE_ON_ZERO.includes(r.chanceOnZero as ChanceOnZero)) {
      return err('UNKNOWN_RULES', `chanceOnZero must be one of ${CHANCE_ON_ZERO.join(', ')}`);
    }
    chanceOnZero = r.chanceOnZero as ChanceOnZero;
  }
  let prison = base.prison;
  if (r.prison !== undefined) {
    if (typeof r.prison !== 'object' || r.prison === null || Array.isArray(r.prison)) {
      return err('INVALID_RULES', 'prison must be an object {"maxLevel": n, "atLimit": "lose"|"partage"}');
    }
    const p = r.prison as Record<string, unknown>;
    for (const key of Object.keys(p)) {
      if (key !== 'maxLevel' && key !== 'atLimit') return err('UNKNOWN_RULES', `unknown prison option "${key}"`);
    }
    const maxLevel = p.maxLevel ?? base.prison.maxLevel;
    const atLimit = p.atLimit ?? base.prison.atLimit;
    if (typeof maxLevel !== 'number' || !Number.isInteger(maxLevel) || maxLevel < 1 || maxLevel > MAX_PRISON_LEVEL) {
      return err('INVALID_RULES', `prison.maxLevel must be an integer 1..${MAX_PRISON_LEVEL}`);
    }
    if (atLimit !== 'lose' && atLimit !== 'partage')
      return err('UNKNOWN_RULES', 'prison.atLimit must be "lose" or "partage"');
    prison = { maxLevel, atLimit };
    if (chanceOnZero !== 'prison') {
      return err(
        'INVALID_RULES',
        `prison settings need en prison: the ${base.preset} rules play chances simples "${chanceOnZero}" on a zero (set "chanceOnZero": "prison")`,
      );
    }
  }
  const unit = r.evenChanceUnit;
  if (unit !== undefined) {
    if (typeof unit !== 'number' || !Number.isSafeInteger(unit) || unit < 1 || unit > MAX_EVEN_CHANCE_UNIT) {
      return err(
        'INVALID_RULES',
        `evenChanceUnit must be an integer 1..${MAX_EVEN_CHANCE_UNIT} (minor units of the smallest chip; got ${shown(unit)})`,
      );
    }
    return ok({ ...base, chanceOnZero, prison, evenChanceUnit: unit });
  }
  return ok({ ...base, chanceOnZero, prison });
}
