/**
 * What every viewer of one table state version shares (issue 17): its player count, the large
 * table's summary, the chip colours and the croupier's list, each computed once per state version
 * whatever the number of subscribers who ask for a view of it. Re-exported by views.ts.
 */
import type { BetsSummaryView, BetView, PositionTotalView } from '../protocol/views.ts';
import type { CroupierListView } from '../protocol/lists.ts';
import { stakesOf, tableRules, type TableState } from '../table/machine.ts';
import { chipIndexes, croupierListOf } from '../table/lists.ts';

/**
 * The number of players with a bet or a prisoner on the table: the bet book's count (O(1)) plus
 * the prisoners' players without a bet (O(prisoners)), not one pass over every bet (issue 17).
 */
function playersAt(s: TableState): number {
  let n = s.bets.players;
  const seen = new Set<string>();
  for (const p of s.prisoners)
    if (!seen.has(p.playerId) && (seen.add(p.playerId), s.bets.ofPlayer(p.playerId).length === 0)) n++;
  return n;
}

/** What every viewer of one state version shares: its player count, and its summary, chip colours and croupier's list once asked. */
interface Shared {
  readonly players: number;
  summary?: BetsSummaryView;
  colours?: Map<string, number>;
  list?: CroupierListView | null;
}

/**
 * Per state version (a state object is never changed, so it is the version): computed once,
 * whatever the number of subscribers who ask for a view of it (issue 17: on a large table the
 * summary is one pass over the bets per state, not one per viewer).
 */
const shared = new WeakMap<TableState, Shared>();

function sharedOf(s: TableState): Shared {
  let x = shared.get(s);
  if (!x) shared.set(s, (x = { players: playersAt(s) }));
  return x;
}

/** The number of players with a bet or a prisoner in a state, counted once per state version. */
export function sharedPlayers(s: TableState): number {
  return sharedOf(s).players;
}

/**
 * The large-table summary of a state, built once per state version from the bet book's
 * table-wide running totals (O(positions) on the book's newest version, issue 17; an older
 * version counts its bets: {@link BetBook.tableTotals}). Equal to the full pass
 * {@link betsSummary} over every bet's JSON (test/app/views-summary.property.test.ts).
 */
export function sharedSummary(s: TableState): BetsSummaryView {
  const x = sharedOf(s);
  if (x.summary) return x.summary;
  const cat = tableRules(s.config).catalogue;
  const t = s.bets.tableTotals(stakesOf(cat));
  const indexOf = (key: string) => cat.byKey.get(key)?.index ?? -1;
  const totals: PositionTotalView[] = [];
  for (const [key, { stake, bets }] of t.byPosition) {
    if (!cat.byKey.has(key)) throw new Error(`internal: no position ${key}`);
    totals.push([key, stake, bets]);
  }
  totals.sort((a, b) => indexOf(a[0]) - indexOf(b[0]));
  return (x.summary = {
    players: x.players,
    bets: t.count,
    staked: t.staked,
    prisoners: s.prisoners.length,
    totals,
  });
}

/** The players' chip colour indexes of a state, computed once per state version. */
export function sharedColours(s: TableState): Map<string, number> {
  const x = sharedOf(s);
  return (x.colours ??= chipIndexes(s));
}

/** The croupier's list of a state's last coup (src/table/lists.ts), computed once per state version. */
export function sharedList(s: TableState): CroupierListView | null {
  const x = sharedOf(s);
  if (x.list === undefined) x.list = croupierListOf(s);
  return x.list;
}

/**
 * Totals per layout position over every bet (announced bets chip group by chip group), in the
 * layout's catalogue order: the full pass that {@link sharedSummary} keeps incrementally.
 */
export function betsSummary(s: TableState, bets: readonly BetView[]): BetsSummaryView {
  const cat = tableRules(s.config).catalogue;
  const indexOf = (key: string) => cat.byKey.get(key)?.index ?? -1;
  const totals = new Map<string, PositionTotalView>();
  const add = (key: string, stake: number) => {
    const t = totals.get(key);
    if (t) {
      t[1] += stake;
      t[2] += 1;
    } else totals.set(key, [key, stake, 1]);
  };
  let staked = 0;
  for (const b of bets) {
    staked += b.stake;
    if (b.chips) for (const c of b.chips) add(c.key, c.stake ?? 0);
    else if (b.kind && b.key !== undefined) add(b.key, b.stake);
  }
  return {
    players: sharedOf(s).players,
    bets: bets.length,
    staked,
    prisoners: s.prisoners.length,
    totals: [...totals.values()].sort((a, b) => indexOf(a[0]) - indexOf(b[0])),
  };
}
