/**
 * The player's store (table.ts): the part of a live event or a reply that patches the table
 * shown (the view, the table state deferred while the ball rolls, the other players' totals, the
 * balance). table.ts applies it to every live event as it comes and, through flight.ts, again on
 * top of a fetched view that may predate it; so each patch is idempotent against a view that
 * already holds it, and one older than the view (an earlier coup) leaves it alone. Pure.
 */
import type { BetJson, PrisonerJson, TableViewJson } from '../api.ts';
import { othersTotals, type PositionTotal } from '../table-summary.ts';
import { withPhase, withPrisoner, withStorage } from './patch.ts';
import { stepSummary } from './summary-delta.ts';
import type { BetsSummaryEvent } from '../../../src/protocol/events.ts';
import type { TableAction, TableState } from './table.ts';

/** What patches the table shown: a live event, my own bets' reply, a balance told by a reply. */
export type LivePatch = Extract<TableAction, { type: 'event' | 'placed' | 'balance' }>;

/** The live events that patch the table shown (recorded while a fetch is in flight). */
const PATCHES: ReadonlySet<string> = new Set([
  'phase',
  'bets-placed',
  'bets-removed',
  'bets-summary',
  'prisoner',
  'storage',
]);

/** Whether the action patches the table shown (so a fetched view that predates it needs it again). */
export function isPatch(a: LivePatch): boolean {
  return (
    a.type === 'placed' ||
    a.type === 'balance' ||
    (a.type === 'event' && (PATCHES.has(a.event.type) || a.event.type === 'balance'))
  );
}

/** The other players' totals of a view with a summary (null without one). */
export function othersOf(v: TableViewJson): ReadonlyMap<string, PositionTotal> | null {
  return v.summary ? othersTotals(v.summary, v.my?.bets ?? []) : null;
}

/** The state with `a`'s patch of the table shown (and of the deferred table state, which it postdates). */
export function patch(s: TableState, a: LivePatch): TableState {
  if (a.type === 'balance') return { ...s, balance: a.balance };
  if (a.type === 'placed') return { ...both(s, (v) => myBets(v, a.coup, a.bets)), balance: a.balance };
  const e = a.event;
  if (e.type === 'balance')
    return e.playerId === s.playerId || e.playerId === undefined ? { ...s, balance: e.balance } : s;
  const v = s.view;
  if (!v || !('table' in e) || e.table !== v.table.id) return s;
  switch (e.type) {
    case 'phase': {
      if (e.coup < v.coup) return s; // older than the view (it overtook the event)
      const next = both(s, (x) => {
        if (e.coup < x.coup) return x;
        const phased = withPhase(x, e);
        // a new coup starts with an empty layout: the last coup's totals go (the fetch brings the new state)
        return e.coup !== x.coup && phased.summary ? { ...phased, summary: undefined } : phased;
      });
      return e.coup !== v.coup ? { ...next, others: null } : next;
    }
    case 'bets-placed':
      return both(s, (x) => (e.coup < x.coup ? x : placed(x, s.playerId, e.playerId, e.bets)));
    case 'bets-removed':
      return both(s, (x) => (e.coup < x.coup ? x : removed(x, e.playerId === s.playerId, new Set(e.betIds))));
    case 'bets-summary':
      return summarised(s, e);
    case 'prisoner':
      return both(s, (x) => prisoner(x, s.playerId, e.action, e.prisoner));
    case 'storage': // the table's storage status (docs/WHEELS.md): the deferred state gets it too
      return both(s, (x) => withStorage(x, e.storage));
    default:
      return s;
  }
}

/**
 * A large table's coalesced bets (issue 17): the new totals (a full summary, or a delta of the one
 * held: summary-delta.ts), my bets only; a summary of an earlier coup (the new coup's phase came
 * first) is stale. A delta that does not follow the summary of the table shown (the deferred
 * state while the ball rolls: it replaces the view) asks for one fetch: none while a fetch is in
 * flight (its view gets this event again on top of it: flight.ts), none when that summary is not
 * numbered (a view of another process: the next full summary, at most FULL_EVERY summaries
 * later, catches up; a fetch would not), so a busy table cannot make the page fetch endlessly.
 */
function summarised(s: TableState, e: BetsSummaryEvent): TableState {
  if (e.coup < s.view!.coup) return s;
  const shown = s.deferred ?? s.view;
  let gap = false;
  const next = both(s, (x) => {
    const step = stepSummary(x.summary, x.coup, e, () => x.table.rules.wheel);
    if (step === 'gap') gap ||= x === shown && (x.summary === undefined || x.summary.seq !== undefined);
    if (step === 'gap' || step === 'held') return x;
    return { ...x, summary: step, bets: x.bets.filter((b) => b.playerId === s.playerId) };
  });
  // the others' totals when the summary shown changed (else a bet of mine since would dip them)
  const others = next.view === s.view ? s.others : next.view ? othersOf(next.view) : null;
  return { ...next, others, resync: next.resync || (gap && !s.flight) };
}

/** `f` applied to the view and to the deferred table state. */
function both(s: TableState, f: (v: TableViewJson) => TableViewJson): TableState {
  return { ...s, view: s.view ? f(s.view) : s.view, deferred: s.deferred ? f(s.deferred) : s.deferred };
}

/** My bets placed on `coup` (the reply): added to mine once (the table event may have come first). */
function myBets(v: TableViewJson, coup: number, bets: readonly BetJson[]): TableViewJson {
  if (!v.my || v.coup !== coup) return v;
  const known = new Set(v.my.bets.map((b) => b.id));
  const fresh = bets.filter((b) => !known.has(b.id));
  const stake = fresh.reduce((n, b) => n + b.stake, 0);
  return { ...v, my: { ...v.my, bets: [...v.my.bets, ...fresh], staked: v.my.staked + stake } };
}

/** Bets placed by a player join the table's bets (and mine, once: my reply may have added them). */
function placed(v: TableViewJson, me: string, owner: string, bets: readonly BetJson[]): TableViewJson {
  const known = new Set(v.bets.map((b) => b.id));
  const next = { ...v, bets: [...v.bets, ...bets.filter((b) => !known.has(b.id))] };
  if (owner !== me || !v.my) return next;
  const mine = new Set(v.my.bets.map((b) => b.id));
  const fresh = bets.filter((b) => !mine.has(b.id));
  const staked = v.my.staked + fresh.reduce((n, b) => n + b.stake, 0);
  return { ...next, my: { ...v.my, bets: [...v.my.bets, ...fresh], staked } };
}

function removed(v: TableViewJson, mine: boolean, ids: ReadonlySet<string>): TableViewJson {
  const next = { ...v, bets: v.bets.filter((b) => !ids.has(b.id)) };
  if (!mine || !v.my) return next;
  const bets = v.my.bets.filter((b) => !ids.has(b.id));
  return { ...next, my: { ...v.my, bets, staked: bets.reduce((n, b) => n + b.stake, 0) } };
}

/** A prisoner changed: la partage frees it; any other action puts its new state in place. */
function prisoner(v: TableViewJson, me: string, action: string, p: PrisonerJson): TableViewJson {
  const swap = (list: readonly PrisonerJson[]) => withPrisoner(list, action, p);
  const next = { ...v, prisoners: swap(v.prisoners) };
  if (p.playerId !== me || !v.my) return next;
  return { ...next, my: { ...v.my, prisoners: swap(v.my.prisoners) } };
}
