/**
 * Coalesced bet events of large tables (issue 17, fifth part; docs/API.md "bets-summary"). On a
 * table with more than {@link LARGE_TABLE_PLAYERS} players, players and guests see a summary
 * (totals per position) and their own bets, never the other players' bets (src/app/views.ts):
 * sending them every player's `bets-placed` / `bets-removed` made each bet one frame per
 * subscriber (1,000 frames per bet at 1,000 watching players). So on such a table the hub
 * routes a bet event here:
 *
 * - staff subscribers (croupiers, pit boss, admin: a handful of sockets per table) get it at
 *   once, as before: they keep every bet's detail;
 * - the bet's owner gets it at once on their sockets subscribed to the table (and their reply);
 * - every other subscriber (players and guests) gets, at most once per {@link COALESCE_MS}, one
 *   `bets-summary` event with the table's new summary, serialised once for all of them: N bets
 *   in one interval are one frame per subscriber, not N. After the first of a coup (full), each
 *   is a numbered delta: only the positions changed since the last one, plus the table-wide
 *   figures (src/app/summary-seq.ts: ~160 bytes for one changed position, not ~3.2 KB).
 *
 * The interval starts at the first bet event after a quiet spell (a timer of the Clock port),
 * so a summary is at most COALESCE_MS late; 150 ms is below what a player notices on the layout
 * and, at 20,000 bets/s, makes 3,000 bets one frame. The summary is the state's
 * ({@link sharedSummary}: built once per state version, so once per interval here, not once per
 * bet; the delta too). Small tables, events of tables run by another process (no state here) and
 * every other event keep the per-event delivery.
 *
 * Crossing the threshold within a coup: upwards, the players' client drops the other players'
 * bets at the first summary (its view takes the large table's shape); downwards (undone bets),
 * the players and guests missed bets, so each gets a fresh `state` of the table (rare: only at
 * the threshold, one view per subscriber).
 */
import type { Clock, TimerHandle } from '../app/clock.ts';
import { isStaff, type Viewer } from '../app/viewer.ts';
import { publicText } from '../app/coup-privacy.ts';
import { LARGE_TABLE_PLAYERS, sharedPlayers, sharedSummary } from '../app/views.ts';
import { SummarySequences } from '../app/summary-seq.ts';
import type { BetsSummaryEvent, Published } from '../protocol/events.ts';
import type { TableView } from '../protocol/views.ts';
import type { TableState } from '../table/machine.ts';

/** The next `bets-summary` event of a table (full, or the delta since the last one), as sent. */
function summaryText(table: string, state: TableState, seqs: SummarySequences): string {
  const { summary, base } = seqs.of(table).next(state, sharedSummary(state));
  const event: BetsSummaryEvent = {
    type: 'bets-summary',
    table,
    coup: state.coup,
    ...(base !== undefined ? { base } : {}),
    summary,
  };
  return JSON.stringify(event);
}

/** At most one `bets-summary` per table per this many ms (see the module doc). */
export const COALESCE_MS = 150;

/** What the coalescer needs of the casino: its clock, the states of the tables it runs, each viewer's view. */
export interface CoalesceSource {
  readonly clockPort: Clock;
  readonly tables?: ReadonlyMap<string, { readonly state: TableState }>;
  readonly views?: { tableView(table: string, viewer: Viewer): Promise<TableView | null> };
  /** The tables' summary sequences, shared with their views (the Casino's; else the coalescer's own). */
  readonly summaries?: SummarySequences;
}

/** A subscribed socket, as far as the coalescer is concerned. */
export interface Subscriber {
  readonly viewer: Viewer;
}

/** A table's size at its last bet event: a drop below the threshold within a coup restates its players' views. */
interface Size {
  readonly coup: number;
  readonly large: boolean;
}

/** The coalescing of one hub's bet events (see the module doc). */
export class BetCoalescer<C extends Subscriber> {
  private readonly timers = new Map<string, TimerHandle>();
  private readonly sizes = new Map<string, Size>();
  private readonly seqs: SummarySequences;

  constructor(
    private readonly source: CoalesceSource,
    private readonly subscribers: ReadonlyMap<string, ReadonlySet<C>>,
    private readonly send: (c: C, text: string) => void,
    /**
     * The table's subscribers who get a bet event at once: its staff and the bet's owner, found
     * without a pass over every subscriber (one per bet: 1,000 watching players made a bet
     * 1,000 steps).
     */
    private readonly direct: (table: string, playerId: string) => Iterable<C>,
    private readonly intervalMs = COALESCE_MS,
    private readonly largeAt = LARGE_TABLE_PLAYERS,
  ) {
    this.seqs = source.summaries ?? new SummarySequences();
  }

  /** Delivers a bet event of a large table (true: the hub sends nothing more of it); false for any other event. */
  route(m: Published): boolean {
    const e = m.event;
    if (m.audience.kind !== 'table' || (e.type !== 'bets-placed' && e.type !== 'bets-removed')) return false;
    const state = this.source.tables?.get(e.table)?.state;
    if (!state) return false;
    const was = this.sizes.get(e.table);
    if (!this.large(e.table, state)) {
      if (was?.large && was.coup === state.coup) this.restate(e.table);
      return false;
    }
    let text: string | null = null;
    let open: string | null = null; // the player's own sockets: no chef's account on a derogation (coup-privacy.ts)
    const whole = () => (text ??= JSON.stringify(e));
    for (const c of this.direct(e.table, e.playerId))
      this.send(c, isStaff(c.viewer) ? whole() : (open ??= publicText(e, whole)));
    if (!this.timers.has(e.table))
      this.timers.set(
        e.table,
        this.source.clockPort.setTimer(this.intervalMs, () => this.flush(e.table)),
      );
    return true;
  }

  /** The table's current summary to its players and guests, serialised once. */
  private flush(table: string): void {
    this.timers.delete(table);
    const state = this.source.tables?.get(table)?.state;
    if (!state || !this.large(table, state)) return; // below the threshold again: restate() told them
    // built and serialised only when a player or guest subscribes to the table (not for staff alone)
    let text: string | null = null;
    for (const c of this.subscribers.get(table) ?? [])
      if (!isStaff(c.viewer)) this.send(c, (text ??= summaryText(table, state, this.seqs)));
  }

  /** A fresh `state` to each player and guest of the table (it is not large any more: they missed bets). */
  private restate(table: string): void {
    for (const c of this.subscribers.get(table) ?? [])
      if (!isStaff(c.viewer))
        void this.source.views
          ?.tableView(table, c.viewer)
          .then((state) => state && this.send(c, JSON.stringify({ type: 'state', table, state })))
          .catch(() => {}); // the socket's next state (resync, new coup) catches up
  }

  /** Whether the table has more than `largeAt` players (O(prisoners): the bet book counts its players), remembered per coup. */
  private large(table: string, s: TableState): boolean {
    const large = s.bets.length + s.prisoners.length > this.largeAt && sharedPlayers(s) > this.largeAt;
    this.sizes.set(table, { coup: s.coup, large });
    if (!large) this.seqs.get(table)?.forget(); // its players get views without summary: the next one is full
    return large;
  }

  /** Cancels the pending summaries (the hub closes). */
  close(): void {
    for (const t of this.timers.values()) this.source.clockPort.clearTimer(t);
    this.timers.clear();
  }
}
