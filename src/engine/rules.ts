/**
 * Rule sets (RULES.md §4): which wheel, what a zero does to the chances simples,
 * en prison depth, payout model, and whether announced bets are offered.
 */
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
 * which differs from standard only for the five-number bet (36/5 instead of 7).
 */
export type PayoutModel = 'standard' | 'historic';

/** A complete, validated rule set. */
export interface Rules {
  readonly preset: PresetName;
  readonly wheel: WheelKind;
  readonly chanceOnZero: ChanceOnZero;
  readonly prison: PrisonSettings;
  readonly payout: PayoutModel;
  /** Announced bets (RULES §5) exist on single-zero tables only. */
  readonly announcedBets: boolean;
}

/** Default en prison settings: 3 levels, partage at the limit (RULES §4). */
export const DEFAULT_PRISON: PrisonSettings = { maxLevel: 3, atLimit: 'partage' };
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
  },
  french: {
    preset: 'french',
    wheel: 'single',
    chanceOnZero: 'prison',
    prison: DEFAULT_PRISON,
    payout: 'standard',
    announcedBets: true,
  },
  american: {
    preset: 'american',
    wheel: 'double',
    chanceOnZero: 'lose',
    prison: DEFAULT_PRISON,
    payout: 'standard',
    announcedBets: false,
  },
  'historic-37': {
    preset: 'historic-37',
    wheel: 'single',
    chanceOnZero: 'return-matching',
    prison: DEFAULT_PRISON,
    payout: 'historic',
    announcedBets: true,
  },
  'historic-38': {
    preset: 'historic-38',
    wheel: 'double',
    chanceOnZero: 'return-matching',
    prison: DEFAULT_PRISON,
    payout: 'historic',
    announcedBets: false,
  },
};

/** The rule set of a preset, unmodified. */
export function preset(name: PresetName): Rules {
  return PRESET_RULES[name];
}

/**
 * How rules are written outside the engine: a preset name, or
 * `{ preset, prison?: { maxLevel?, atLimit? }, chanceOnZero? }`.
 */
export type RulesInput =
  string | { preset: string; prison?: { maxLevel?: unknown; atLimit?: unknown }; chanceOnZero?: unknown };

const CHANCE_ON_ZERO: readonly ChanceOnZero[] = ['lose', 'prison', 'partage', 'return-matching'];

/**
 * Reads a rule set (RULES §4). Errors: UNKNOWN_RULES (unknown preset, option or option
 * value), INVALID_RULES (malformed prison object, depth outside 1..10, prison settings on
 * a rule set without en prison).
 */
export function resolveRules(input: unknown): Result<Rules> {
  const raw = typeof input === 'string' ? { preset: input } : input;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return err('UNKNOWN_RULES', 'rules must be a preset name or an object {"preset": ...}');
  }
  const r = raw as Record<string, unknown>;
  for (const key of Object.keys(r)) {
    if (!['preset', 'prison', 'chanceOnZero'].includes(key))
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
  return ok({ ...base, chanceOnZero, prison });
}
