/**
 * Bets as written outside the engine (JSON) and their validation (RULES.md §2-5).
 *
 * A bet spec has an `id`, a `stake` (integer minor units; for an announced bet, the unit
 * per chip) and exactly one shape:
 *   {numbers: [17, 20]}                inside; the kind follows from the set (RULES §2)
 *   {chance: "rouge"}                  chance simple (aliases red/black/even/odd/low/high)
 *   {dozen: 2} | {douzaine: 2}         douzaine 1..3
 *   {column: 3} | {colonne: 3}         colonne 1..3
 *   {dozens: [1,2]} | {douzaines: ...} two adjacent douzaines à cheval
 *   {columns: [2,3]} | {colonnes: ...} two adjacent colonnes à cheval
 *   {announce: "voisins-du-zero"}      announced bet (also tiers, orphelins, jeu-zero, jeu-7-9)
 *   {announce: "voisins", number: 17, neighbours: 2}
 *   {finale: 7} | {finale: [0, 3]}     finale en plein / à cheval
 * Optional: `kind` (French or English name, or the RULES §7 term in German, Italian or Czech, checked
 * against the shape), and on a chance
 * simple `prison` (levels already imprisoned, 0..maxLevel) and `onZero` ("prison" or
 * "partage", the player's choice should this coup be a zero; default prison).
 */
import {
  chipCount,
  expandAnnounce,
  normaliseName as norm,
  parseAnnounce,
  type Announce,
  type Chip,
} from './announce.ts';
import {
  catalogue,
  insideKey,
  outsidePosition,
  positionText,
  type Chance,
  type Position,
  type PositionKind,
} from './layout.ts';
import { err, ok, shown, type Result } from './result.ts';
import { preset, type Rules } from './rules.ts';
import { parsePocket, type Pocket } from './wheel.ts';
import { parseChance, parseKind } from './aliases.ts';

export { parseChance, parseKind } from './aliases.ts';

/**
 * Largest stake accepted, in minor units (10^12, e.g. 10 billion in a 2-decimal currency):
 * keeps every return (at most 36 × stake) an exact integer in a JS number.
 */
export const MAX_STAKE = 1_000_000_000_000;
/** Longest bet id, in characters. */
export const MAX_BET_ID_LENGTH = 64;

/** A bet as read from JSON, before validation. */
export interface BetSpec {
  id?: unknown;
  stake?: unknown;
  kind?: unknown;
  numbers?: unknown;
  chance?: unknown;
  dozen?: unknown;
  douzaine?: unknown;
  column?: unknown;
  colonne?: unknown;
  dozens?: unknown;
  douzaines?: unknown;
  columns?: unknown;
  colonnes?: unknown;
  announce?: unknown;
  number?: unknown;
  neighbours?: unknown;
  finale?: unknown;
  prison?: unknown;
  onZero?: unknown;
}

/** The player's choice for a chance simple should the coup be a zero (RULES §4, french). */
export type ZeroChoice = 'prison' | 'partage';

/** A validated bet on one position. */
export interface PositionBet {
  readonly type: 'position';
  readonly id: string;
  /** Stake in minor units. */
  readonly stake: number;
  readonly position: Position;
  /** Prison level before this coup (0 = free); chances simples only. */
  readonly prison: number;
  readonly onZero: ZeroChoice;
}

/** A validated announced bet: `unit` minor units on each chip. */
export interface AnnouncedBet {
  readonly type: 'announce';
  readonly id: string;
  /** Unit per chip, minor units. */
  readonly unit: number;
  /** Total stake = unit × chip count, minor units. */
  readonly stake: number;
  readonly announce: Announce;
  readonly chips: readonly Chip[];
}

/** A validated bet. */
export type Bet = PositionBet | AnnouncedBet;

const SHAPE_KEYS = [
  'numbers',
  'chance',
  'dozen',
  'douzaine',
  'column',
  'colonne',
  'dozens',
  'douzaines',
  'columns',
  'colonnes',
  'announce',
  'finale',
] as const;
/** A shape of a bet on a layout position (not an announced bet). */
type PositionShape = Exclude<(typeof SHAPE_KEYS)[number], 'announce' | 'finale'>;
const ALLOWED_KEYS = new Set<string>([
  ...SHAPE_KEYS,
  'id',
  'stake',
  'kind',
  'number',
  'neighbours',
  'prison',
  'onZero',
]);

/** How a refusal names the kinds some rule sets do not offer (RULES §3a). */
const NOT_OFFERED_TEXT: Partial<Record<PositionKind, string>> = {
  cinq: 'five-number (0/00/1/2/3)',
  douzaines: '24-number (douzaines à cheval)',
  colonnes: '24-number (colonnes à cheval)',
};

function isStake(x: unknown): x is number {
  return typeof x === 'number' && Number.isSafeInteger(x) && x > 0 && x <= MAX_STAKE;
}

/**
 * Validates one bet against a rule set. Errors (with the bet id): INVALID_BET, INVALID_BET_ID,
 * INVALID_STAKE, INVALID_NUMBER, NOT_ON_WHEEL, INVALID_POSITION, KIND_MISMATCH,
 * UNKNOWN_CHANCE, INVALID_DOZEN, INVALID_COLUMN, UNKNOWN_ANNOUNCE, ANNOUNCE_NOT_OFFERED,
 * INVALID_NEIGHBOURS, INVALID_FINALE, PRISON_NOT_OFFERED, INVALID_PRISON, BET_NOT_OFFERED (a legal
 * position of a kind the rule set does not offer, RULES §3a), INVALID_STAKE_UNIT (a chance simple
 * stake that is not a multiple of 2 × `rules.evenChanceUnit`, RULES §3a).
 */
export function parseBet(raw: unknown, rules: Rules): Result<Bet> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return err('INVALID_BET', 'a bet must be a JSON object');
  const spec = raw as BetSpec;
  const id = spec.id;
  if (typeof id !== 'string' || id.length === 0 || id.length > MAX_BET_ID_LENGTH) {
    return err(
      'INVALID_BET_ID',
      `every bet needs an "id": a string of 1-${MAX_BET_ID_LENGTH} characters (got ${shown(id)})`,
    );
  }
  const fail = failOf(id);
  for (const key of Object.keys(spec)) if (!ALLOWED_KEYS.has(key)) return fail('INVALID_BET', `unknown field "${key}"`);
  const shapes = SHAPE_KEYS.filter((k) => spec[k] !== undefined);
  if (shapes.length !== 1) {
    return fail(
      'INVALID_BET',
      shapes.length === 0
        ? 'no bet given: use numbers, chance, dozen, column, dozens, columns, announce or finale'
        : `more than one bet shape (${shapes.join(', ')})`,
    );
  }
  const shape = shapes[0];
  if (!isStake(spec.stake)) {
    return fail(
      'INVALID_STAKE',
      `stake must be a positive integer number of minor units up to ${MAX_STAKE} (got ${shown(spec.stake)})`,
    );
  }
  const stake = spec.stake;
  let kind: PositionKind | 'announce' | undefined;
  if (spec.kind !== undefined) {
    kind = parseKind(spec.kind);
    if (!kind) return fail('KIND_MISMATCH', `unknown kind ${shown(spec.kind)}`);
  }
  const isAnnounce = shape === 'announce' || shape === 'finale';
  if (!isAnnounce && (spec.number !== undefined || spec.neighbours !== undefined)) {
    return fail('INVALID_BET', '"number" and "neighbours" belong to a neighbours announce');
  }

  return isAnnounce
    ? announcedBet(id, spec, stake, kind, rules)
    : positionBet(id, spec, shape as PositionShape, stake, kind, rules);
}

/** The error of bet `id`, its message prefixed with the id. */
function failOf(id: string) {
  return (code: Parameters<typeof err>[0], message: string) => err(code, `bet "${id}": ${message}`, id);
}

/** An announced bet (announce or finale) of `stake` per chip, checked against the rule set. */
function announcedBet(
  id: string,
  spec: BetSpec,
  stake: number,
  kind: PositionKind | 'announce' | undefined,
  rules: Rules,
): Result<Bet> {
  const fail = failOf(id);
  if (kind !== undefined && kind !== 'announce')
    return fail('KIND_MISMATCH', `kind ${shown(spec.kind)} does not match an announced bet`);
  if (spec.prison !== undefined || spec.onZero !== undefined)
    return fail('INVALID_PRISON', 'en prison applies to chances simples only');
  if (!rules.announcedBets)
    return fail(
      'ANNOUNCE_NOT_OFFERED',
      `the ${rules.preset} rules offer no announced bets: they exist on french and european tables only (RULES §3a, §5)`,
    );
  const a = parseAnnounce(spec, rules.wheel);
  if (!a.ok) return fail(a.error.code, a.error.message);
  const chips = expandAnnounce(a.value);
  const total = stake * chipCount(chips);
  if (total > MAX_STAKE) return fail('INVALID_STAKE', `total stake ${total} exceeds ${MAX_STAKE}`);
  return ok({ type: 'announce', id, unit: stake, stake: total, announce: a.value, chips });
}

/** A bet on a position of the layout, checked against the rule set (offered kinds, even-chance unit, en prison). */
function positionBet(
  id: string,
  spec: BetSpec,
  shape: PositionShape,
  stake: number,
  kind: PositionKind | 'announce' | undefined,
  rules: Rules,
): Result<Bet> {
  const fail = failOf(id);
  const pos = resolvePosition(shape, spec, rules);
  if (!pos.ok) return fail(pos.error.code, pos.error.message);
  const position = pos.value;
  if (kind !== undefined && kind !== position.kind) {
    return fail('KIND_MISMATCH', `kind ${shown(spec.kind)} does not match the position (a ${position.kind})`);
  }
  if (!rules.offered.includes(position.kind)) {
    return fail(
      'BET_NOT_OFFERED',
      `the ${rules.preset} rules do not offer ${NOT_OFFERED_TEXT[position.kind] ?? position.kind} bets (RULES §3a): ${positionText(position)}`,
    );
  }
  const unit = rules.evenChanceUnit;
  if (position.kind === 'chance' && unit !== undefined && stake % (2 * unit) !== 0) {
    return fail(
      'INVALID_STAKE_UNIT',
      `a stake on a chance simple must be a multiple of ${2 * unit} minor units (twice the table's unit of ${unit}, RULES §3a; got ${stake})`,
    );
  }

  const zero = zeroChoice(spec, position, rules, fail);
  if (!zero.ok) return zero;
  return ok({ type: 'position', id, stake, position, prison: zero.value.prison, onZero: zero.value.onZero });
}

/**
 * How a message names a rule set: "the american rules", or with the zero rule when an option
 * changed it ("the french rules with chanceOnZero \"lose\""), so as not to say the french rules
 * have no en prison.
 */
function rulesName(rules: Rules): string {
  const option = rules.chanceOnZero !== preset(rules.preset).chanceOnZero;
  return `${rules.preset} rules${option ? ` with chanceOnZero "${rules.chanceOnZero}"` : ''}`;
}

/** A chance simple's en prison settings: levels already imprisoned and the player's choice at a zero. */
function zeroChoice(
  spec: BetSpec,
  position: Position,
  rules: Rules,
  fail: ReturnType<typeof failOf>,
): Result<{ prison: number; onZero: ZeroChoice }> {
  let prison = 0;
  let onZero: ZeroChoice = 'prison';
  if (spec.prison !== undefined || spec.onZero !== undefined) {
    if (position.kind !== 'chance') return fail('INVALID_PRISON', 'en prison applies to chances simples only');
    if (rules.chanceOnZero !== 'prison') return fail('PRISON_NOT_OFFERED', `the ${rulesName(rules)} have no en prison`);
    if (spec.prison !== undefined) {
      const k = spec.prison;
      if (typeof k !== 'number' || !Number.isInteger(k) || k < 0 || k > rules.prison.maxLevel) {
        return fail(
          'INVALID_PRISON',
          `prison must be an integer 0..${rules.prison.maxLevel} (levels already imprisoned)`,
        );
      }
      prison = k;
    }
    if (spec.onZero !== undefined) {
      const c = typeof spec.onZero === 'string' ? norm(spec.onZero) : '';
      if (c === 'prison' || c === 'en-prison' || c === 'stay') onZero = 'prison';
      else if (c === 'partage' || c === 'la-partage' || c === 'half' || c === 'surrender') onZero = 'partage';
      else return fail('INVALID_PRISON', 'onZero must be "prison" or "partage"');
    }
  }
  return ok({ prison, onZero });
}

/**
 * A douzaine or colonne number: 1, 2 or 3, also written as the string "1".."3" (as pockets
 * may be, docs/RULES-NOTES.md #1); anything else is undefined.
 */
function third(v: unknown): 1 | 2 | 3 | undefined {
  const n = v === '1' || v === '2' || v === '3' ? Number(v) : v;
  return n === 1 || n === 2 || n === 3 ? n : undefined;
}

function resolvePosition(shape: (typeof SHAPE_KEYS)[number], spec: BetSpec, rules: Rules): Result<Position> {
  const wheel = rules.wheel;
  switch (shape) {
    case 'numbers': {
      const raw = spec.numbers;
      if (!Array.isArray(raw) || raw.length === 0 || raw.length > 6) {
        return err('INVALID_POSITION', 'numbers must be a list of 1 to 6 pockets');
      }
      const pockets: Pocket[] = [];
      for (const x of raw) {
        const p = parsePocket(x, wheel);
        if (!p.ok) return p;
        if (pockets.includes(p.value)) return err('INVALID_POSITION', `number ${shown(x)} given twice`);
        pockets.push(p.value);
      }
      const position = catalogue(wheel).byKey.get(insideKey(pockets));
      if (!position) {
        return err(
          'INVALID_POSITION',
          `${raw.map((x) => String(x)).join('/')} is not a legal position of the ${wheel}-zero layout (RULES §2)`,
        );
      }
      return { ok: true, value: position };
    }
    case 'chance': {
      const chance = parseChance(spec.chance);
      if (!chance)
        return err(
          'UNKNOWN_CHANCE',
          `${shown(spec.chance)} is not a chance simple (rouge, noir, pair, impair, manque, passe)`,
        );
      return ok(outsidePosition(wheel, chance));
    }
    case 'dozen':
    case 'douzaine':
    case 'column':
    case 'colonne': {
      const v = third(spec[shape]);
      const isDozen = shape === 'dozen' || shape === 'douzaine';
      if (v === undefined) {
        return err(
          isDozen ? 'INVALID_DOZEN' : 'INVALID_COLUMN',
          `${shape} must be 1, 2 or 3 (got ${shown(spec[shape])})`,
        );
      }
      return ok(outsidePosition(wheel, `${isDozen ? 'douzaine' : 'colonne'}-${v}`));
    }
    case 'dozens':
    case 'douzaines':
    case 'columns':
    case 'colonnes': {
      const raw = spec[shape];
      const isDozen = shape === 'dozens' || shape === 'douzaines';
      const code = isDozen ? 'INVALID_DOZEN' : 'INVALID_COLUMN';
      const v = Array.isArray(raw) && raw.length === 2 ? raw.map(third) : [];
      if (v.length !== 2 || v[0] === undefined || v[1] === undefined) {
        return err(code, `${shape} must be two of 1, 2, 3 (got ${shown(raw)})`);
      }
      const [a, b] = [Math.min(v[0], v[1]), Math.max(v[0], v[1])];
      if (b - a !== 1) return err(code, `${shape} ${a} and ${b} are not adjacent`);
      return ok(outsidePosition(wheel, `${isDozen ? 'douzaines' : 'colonnes'}-${a}-${b}`));
    }
    default:
      throw new Error(`internal: shape ${shape} is not a position`);
  }
}
