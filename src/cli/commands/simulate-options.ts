/**
 * The options of `croupier simulate` (src/cli/commands/math.ts registers the command): validated
 * into a simulation configuration, or refused with a CliError carrying a stable code.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parseChance } from '../../engine/index.ts';
import { catalogue, insideKey, type Position } from '../../engine/index.ts';
import type { Rules } from '../../engine/index.ts';
import { parsePocket } from '../../engine/index.ts';
import { pocketIndices, readPermanence } from '../../math/permanence.ts';
import {
  betPosition,
  LIMIT_MULTIPLE,
  STRATEGIES,
  UNLIMITED,
  type SimConfig,
  type StrategyName,
} from '../../math/sim/model.ts';
import type { ZeroPolicy } from '../../math/edge.ts';
import { CliError, intOption } from '../io.ts';
import { rulesOption } from './engine.ts';

/** Reads a `--seed`: an integer (taken mod 2^32) or a word (hashed, see src/rng seedOf). */
export function seedOption(value: string | undefined): number | string {
  if (value === undefined) return 42;
  if (value.trim() === '') throw new CliError('INVALID_SEED', '--seed must not be empty');
  return /^\d+$/.test(value.trim()) ? Number(BigInt(value.trim()) % 4294967296n) : value;
}

/** Raw options of `croupier simulate` as commander hands them over. */
export interface SimulateOptions {
  rules: string;
  strategy: string;
  bet: string;
  spins?: string;
  sessions: string;
  /** Undefined when not given (42 then; refused with --replay, which draws nothing). */
  seed?: string;
  bankroll: string;
  unit: string;
  limit?: string;
  target?: string;
  zero?: string;
  /** Labouchère's starting line (default 1,2,3,4); refused with another strategy. */
  line?: string;
  /** Paroli's wins in a row (default 3); refused with another strategy. */
  paroliWins?: string;
  workers?: string;
  replay?: string;
  format: string;
  quiet?: boolean;
}

/** Reads a bet option: a chance (any alias), a catalogue key, or numbers joined by "/" or "-". */
export function betOption(rules: Rules, raw: string): string {
  const chance = parseChance(raw);
  if (chance) return chance;
  const key = raw.trim().toLowerCase();
  if (betPosition(rules, key)) return key;
  const parts = key.split(/[/-]/);
  const pockets = parts.map((p) => parsePocket(p, rules.wheel));
  if (parts.length > 0 && pockets.every((p) => p.ok)) {
    const k = insideKey(pockets.map((p) => (p.ok ? p.value : 0)));
    if (betPosition(rules, k)) return k;
  }
  const examples = catalogue(rules.wheel)
    .positions.filter((_, i) => i % 25 === 0)
    .map((p) => p.key);
  throw new CliError(
    'INVALID_BET',
    `no position ${JSON.stringify(raw)} on a ${rules.wheel}-zero layout (e.g. ${examples.join(', ')}, rouge)`,
  );
}

function moneyOption(name: string, value: string, code: string): number {
  if (value.trim().toLowerCase() === 'unlimited') return UNLIMITED;
  return intOption(name, value, code, 1, UNLIMITED - 1) as number;
}

/** Validates the options of `simulate` into a configuration (CliError with a stable code otherwise). */
export function simulateConfig(opts: SimulateOptions): {
  cfg: SimConfig;
  replay?: Replay;
  workers?: number;
} {
  const rules = rulesOption(opts.rules);
  if (!(STRATEGIES as readonly string[]).includes(opts.strategy))
    throw new CliError('INVALID_STRATEGY', `--strategy must be one of ${STRATEGIES.join(', ')}`);
  const { bet, position, unit } = betAndUnit(rules, opts);
  const bankroll = moneyOption('--bankroll', opts.bankroll, 'INVALID_BANKROLL');
  const limit =
    opts.limit === undefined
      ? Math.min(UNLIMITED, LIMIT_MULTIPLE[position.kind] * unit)
      : moneyOption('--limit', opts.limit, 'INVALID_LIMIT');
  if (bankroll < unit)
    throw new CliError('INVALID_BANKROLL', `--bankroll (${bankroll}) must cover at least one unit (${unit})`);
  if (limit < unit) throw new CliError('INVALID_LIMIT', `--limit (${limit}) must be at least one unit (${unit})`);
  const target =
    opts.target === undefined ? 0 : (intOption('--target', opts.target, 'INVALID_TARGET', 1, UNLIMITED - 1) as number);
  if (target > 0 && target <= bankroll && bankroll < UNLIMITED)
    throw new CliError('INVALID_TARGET', '--target must be above the starting bankroll');
  const zero = opts.zero ?? 'prison';
  if (!['prison', 'partage', 'optimal'].includes(zero))
    throw new CliError('INVALID_POLICY', '--zero must be prison, partage or optimal');
  if (opts.zero !== undefined && rules.chanceOnZero !== 'prison')
    throw new CliError(
      'INVALID_POLICY',
      `--zero applies to en prison; the ${rules.preset} rules play chances simples "${rules.chanceOnZero}" on a zero`,
    );
  // an option of another strategy would be silently ignored: refused instead
  if (opts.line !== undefined && opts.strategy !== 'labouchere')
    throw new CliError('INVALID_LINE', `--line is Labouchère's starting line: not with --strategy ${opts.strategy}`);
  if (opts.paroliWins !== undefined && opts.strategy !== 'paroli')
    throw new CliError('INVALID_PAROLI', `--paroli-wins is Paroli's: not with --strategy ${opts.strategy}`);
  const line = (opts.line ?? '1,2,3,4').split(',').map((x) => intOption('--line', x, 'INVALID_LINE', 1, 1e6) as number);
  const paroliWins = intOption('--paroli-wins', opts.paroliWins ?? '3', 'INVALID_PAROLI', 1, 30) as number;
  const seed = seedOption(opts.seed);
  let spins = intOption('--spins', opts.spins ?? '10000', 'INVALID_SPINS', 1, 1e11) as number;
  let sessions = intOption('--sessions', opts.sessions, 'INVALID_SESSIONS', 1, 1_000_000) as number;
  let workers = intOption('--workers', opts.workers, 'INVALID_WORKERS', 1, 256);
  let replay: Replay | undefined;
  if (opts.replay !== undefined) {
    replay = replayOption(opts, rules, spins, sessions, workers);
    [spins, sessions, workers] = [replay.spins, 1, 1];
  }
  if (spins * sessions > 1e12) throw new CliError('INVALID_SPINS', '--spins × --sessions must stay below 10^12');
  // worker start-up (tsx + warm-up, about 1 s per worker) outweighs the gain below ~50 M coups
  if (workers === undefined && (spins * sessions < 50_000_000 || sessions === 1)) workers = 1;
  if (workers === undefined) workers = availableParallelism();
  const cfg: SimConfig = {
    rules,
    bet,
    strategy: opts.strategy as StrategyName,
    unit,
    bankroll,
    limit,
    target,
    spins,
    sessions,
    seed,
    zeroPolicy: zero as ZeroPolicy,
    line,
    paroliWins,
  };
  return { cfg, replay, workers };
}

/** A permanence to replay: its pocket indices, the coups to play, a note when --spins was capped. */
export interface Replay {
  file: string;
  indices: Uint8Array;
  /** Coups played: the whole file, or a smaller --spins. */
  spins: number;
  note?: string;
}

/**
 * The position played and the base unit: the bet must be one the rule set offers (RULES §3a,
 * BET_NOT_OFFERED), and on a chance simple under an `evenChanceUnit` the unit a multiple of twice
 * it (INVALID_STAKE_UNIT): every stake is a whole number of units, so each is one the table takes.
 */
function betAndUnit(rules: Rules, opts: SimulateOptions): { bet: string; position: Position; unit: number } {
  const bet = betOption(rules, opts.bet);
  const position = betPosition(rules, bet)!;
  if (!rules.offered.includes(position.kind))
    throw new CliError(
      'BET_NOT_OFFERED',
      `the ${rules.preset} rules do not offer ${position.kind} bets (RULES §3a): --bet ${opts.bet}`,
    );
  const unit = intOption('--unit', opts.unit, 'INVALID_UNIT', 1, 1e12) as number;
  const evenUnit = rules.evenChanceUnit;
  if (position.kind === 'chance' && evenUnit !== undefined && unit % (2 * evenUnit) !== 0)
    throw new CliError(
      'INVALID_STAKE_UNIT',
      `--unit ${unit}: a stake on a chance simple must be a multiple of ${2 * evenUnit} minor units (twice the rules' evenChanceUnit ${evenUnit}, RULES §3a)`,
    );
  return { bet, position, unit };
}

/**
 * Reads `--replay`: the file's pockets (REPLAY_NOT_READABLE, INVALID_PERMANENCE). A replay is one
 * session in one thread that draws nothing: --sessions and --workers other than 1 and any --seed
 * are refused (INVALID_SESSIONS, INVALID_WORKERS, INVALID_SEED) rather than ignored.
 */
function replayOption(
  opts: SimulateOptions,
  rules: Rules,
  spins: number,
  sessions: number,
  workers: number | undefined,
): Replay {
  const file = opts.replay as string;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new CliError('REPLAY_NOT_READABLE', `cannot read ${file}: ${(e as Error).message}`);
  }
  const read = readPermanence(text, { wheel: rules.wheel });
  if (!read.ok) {
    const e = read.error;
    throw new CliError('INVALID_PERMANENCE', `${file} line ${e.line}, column ${e.column}: ${e.message} [${e.code}]`);
  }
  if (read.value.pockets.length === 0) throw new CliError('INVALID_PERMANENCE', `${file} holds no numbers`);
  if (sessions !== 1)
    throw new CliError('INVALID_SESSIONS', '--replay plays one session over the permanence; --sessions must be 1');
  if (opts.seed !== undefined)
    throw new CliError('INVALID_SEED', '--replay plays the coups of the file and draws nothing: --seed has no effect');
  if (workers !== undefined && workers !== 1)
    throw new CliError('INVALID_WORKERS', '--replay plays one session in one thread; --workers must be 1');
  const indices = pocketIndices(read.value.pockets, rules.wheel);
  // the file is all there is to play: --spins only ever shortens it (a larger one is noted, not refused)
  if (opts.spins !== undefined && spins <= indices.length) return { file, indices, spins };
  const note =
    opts.spins !== undefined
      ? `--spins ${spins} is more than the ${indices.length} coups of the file: the whole file is played`
      : undefined;
  return { file, indices, spins: indices.length, ...(note ? { note } : {}) };
}
