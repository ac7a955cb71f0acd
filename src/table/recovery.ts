/**
 * The recovery list of a correction after settlement (issue 12, docs/OPERATIONS.md "Correction
 * after settlement"): the croupiers paid and collected on the wrong number; the correction
 * re-settles the wallets exactly, and this list tells the croupiers, per player, what to take
 * back (winnings and stakes handed over that are not due), what to pay in addition, and which
 * prisoners changed. Built from the two settlements' lists (the engine's payment lines, the
 * collections and the prisoners), one pass over each; a player's lines are stacks, one per
 * position and change of fate, as the croupier's lists. Pure.
 */
import { positionJson, type Catalogue } from '../engine/index.ts';
import type { PaymentJson } from '../protocol/events.ts';
import type {
  CollectionJson,
  PlayerRecoveryJson,
  PrisonMoveJson,
  RecoveryJson,
  RecoveryLineJson,
  StakeFateJson,
} from '../protocol/lists.ts';
import { colourOf } from './lists.ts';
import type { LastCoup } from './state.ts';

/** One stake of a settlement: its position and what became of it. */
interface Unit {
  readonly betId: string;
  readonly chip?: number;
  readonly pos: Pick<CollectionJson, 'kind' | 'numbers' | 'key' | 'text'>;
  readonly stake: number;
  fate: StakeFateJson['fate'] | null;
  toPlayer: number;
  kept: number;
  winnings: number;
  level?: number;
}

const unitKey = (betId: string, chip: number | undefined) => (chip === undefined ? betId : `${betId}#${chip}`);

/** What became of every stake of a settled coup, by bet (and chip). */
function fates(last: LastCoup, cat: Catalogue): Map<string, Unit> {
  const out = new Map<string, Unit>();
  const unit = (x: (PaymentJson | CollectionJson | PrisonMoveJson) & { chip?: number }, stake: number): Unit => {
    const k = unitKey(x.betId, x.chip);
    let u = out.get(k);
    if (!u) {
      // a prisoner's line names its chance only: its numbers from the layout (QA: numbers were empty)
      const chance = 'key' in x ? undefined : cat.byKey.get(x.chance);
      const pos =
        'key' in x
          ? { kind: x.kind, numbers: x.numbers, key: x.key, text: x.text }
          : chance
            ? positionJson(chance)
            : { kind: 'chance' as const, numbers: [], key: x.chance, text: x.chance };
      u = {
        betId: x.betId,
        ...(x.chip !== undefined ? { chip: x.chip } : {}),
        pos,
        stake,
        fate: null,
        toPlayer: 0,
        kept: 0,
        winnings: 0,
      };
      out.set(k, u);
    }
    return u;
  };
  for (const p of last.payments) {
    const u = unit(p, p.stake);
    if (p.action === 'pay') {
      u.fate = 'won';
      u.toPlayer += p.stake + p.amount;
      u.winnings += p.amount;
    } else if (p.stays) {
      u.fate = 'stays';
      u.kept += p.amount;
    } else {
      u.fate ??= 'returned';
      u.toPlayer += p.amount;
    }
  }
  const lists = last.lists ?? { collections: [], prisons: [] };
  for (const c of lists.collections) unit(c, c.stake).fate ??= 'lost';
  for (const m of lists.prisons) {
    const u = unit(m, m.stake);
    u.fate = 'prison';
    u.kept += m.stake;
    u.level = m.to;
  }
  return out;
}

/** The stake with nothing handed over nor kept (absent from a settlement's lists). */
function blank(u: Unit): Unit {
  const { level: _l, ...rest } = u;
  return { ...rest, fate: 'lost', toPlayer: 0, kept: 0, winnings: 0 };
}

function fateJson(u: Unit): StakeFateJson {
  return {
    fate: u.fate ?? 'lost',
    toPlayer: u.toPlayer,
    kept: u.kept,
    ...(u.winnings ? { winnings: u.winnings } : {}),
    ...(u.level !== undefined ? { level: u.level } : {}),
  };
}

const same = (a: Unit, b: Unit) =>
  (a.fate ?? 'lost') === (b.fate ?? 'lost') && a.toPlayer === b.toPlayer && a.kept === b.kept && a.level === b.level;

/** Adds a stake's fate to a stack's (sums; the fate and level are the stack's). */
function addFate(a: StakeFateJson, b: StakeFateJson): StakeFateJson {
  const winnings = (a.winnings ?? 0) + (b.winnings ?? 0);
  return { ...a, toPlayer: a.toPlayer + b.toPlayer, kept: a.kept + b.kept, ...(winnings ? { winnings } : {}) };
}

/**
 * One player's lines as stacks (QA: the list had a line per bet or chip): the stakes on one
 * position whose fate changed the same way (fates and levels) become one line, stake, delta and
 * fates summed, with their count, bet ids and, when they differ, each stake (as the croupier's
 * lists, src/table/list-stacks.ts). Lines in the order of each stack's first stake.
 */
function recoveryStacks(lines: readonly RecoveryLineJson[]): RecoveryLineJson[] {
  const stacks = new Map<string, { line: RecoveryLineJson; stakes: number[]; ids: Set<string> }>();
  for (const l of lines) {
    const k = [l.key, l.before.fate, l.before.level, l.after.fate, l.after.level].join('\u0000');
    const s = stacks.get(k);
    if (!s) {
      stacks.set(k, { line: l, stakes: [l.stake], ids: new Set([l.betId]) });
      continue;
    }
    const { chip: _chip, ...line } = s.line;
    s.stakes.push(l.stake);
    s.ids.add(l.betId);
    s.line = {
      ...line,
      ...{ stake: line.stake + l.stake, delta: line.delta + l.delta, count: line.count + 1 },
      ...{ before: addFate(line.before, l.before), after: addFate(line.after, l.after) },
    };
  }
  return [...stacks.values()].map(({ line, stakes, ids }) => ({
    ...line,
    betIds: [...ids],
    ...(stakes.some((x) => x !== stakes[0]) ? { stakes } : {}),
  }));
}

/**
 * The recovery list of a corrected coup: `before` the table's last coup settled on the wrong
 * number, `after` the same coup settled again on the right one; players in the order of their
 * chip colours, each with the stakes whose fate changed. `cat`: the table's layout (a prisoner's
 * line names its chance; its numbers are the layout's).
 */
export function recoveryList(
  before: LastCoup,
  after: LastCoup,
  colours: ReadonlyMap<string, number>,
  cat: Catalogue,
): RecoveryJson {
  const old = fates(before, cat);
  const now = fates(after, cat);
  const players = new Map<
    string,
    { takeBack: number; pay: number; prisonBefore: number; prisonAfter: number; lines: RecoveryLineJson[] }
  >();
  const owner = (betId: string) => after.owners[betId] ?? before.owners[betId] ?? '';
  const player = (id: string) => {
    let p = players.get(id);
    if (!p) players.set(id, (p = { takeBack: 0, pay: 0, prisonBefore: 0, prisonAfter: 0, lines: [] }));
    return p;
  };
  for (const k of new Set([...old.keys(), ...now.keys()])) {
    const b = old.get(k) ?? blank(now.get(k)!);
    const a = now.get(k) ?? blank(b);
    const p = player(owner(b.betId));
    p.prisonBefore += b.kept;
    p.prisonAfter += a.kept;
    if (same(a, b)) continue;
    const delta = a.toPlayer - b.toPlayer;
    if (delta < 0) p.takeBack -= delta;
    else p.pay += delta;
    p.lines.push({
      betId: b.betId,
      ...(b.chip !== undefined ? { chip: b.chip } : {}),
      ...b.pos,
      stake: b.stake || a.stake,
      before: fateJson(b),
      after: fateJson(a),
      delta,
      count: 1,
      betIds: [b.betId],
    });
  }
  const totals = { takeBack: 0, pay: 0, net: 0, prisonBefore: 0, prisonAfter: 0 };
  const list: PlayerRecoveryJson[] = [];
  for (const [playerId, p] of players) {
    totals.takeBack += p.takeBack;
    totals.pay += p.pay;
    totals.prisonBefore += p.prisonBefore;
    totals.prisonAfter += p.prisonAfter;
    if (!p.lines.length) continue;
    const lines = recoveryStacks(p.lines);
    list.push({ playerId, colour: colourOf(colours, playerId), ...p, lines, net: p.pay - p.takeBack });
  }
  totals.net = totals.pay - totals.takeBack;
  list.sort((x, y) => x.colour.index - y.colour.index);
  return { coup: after.number, from: before.pocket, to: after.pocket, players: list, totals };
}
