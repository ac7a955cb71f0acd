/**
 * A large table's summaries in sequence (issue 17; docs/API.md "bets-summary"). Every
 * `bets-summary` of a table carries a sequence number (`summary.seq`); after the first of a coup
 * (full: every staked position) each one is a delta: `base` names the summary it applies to and
 * `totals` holds only the positions whose totals changed since then (a position back to nothing
 * as [key, 0, 0]), with the table-wide figures (players, bets, staked, prisoners) in full. A
 * fully staked French layout is ~3.2 KB in full; a delta of one changed position ~160 bytes.
 *
 * A table view's `summary` (subscribe, refetch, resync) carries the sequence number of the last
 * summary sent when it was built ({@link SummarySequence.label}), so a client that got its view
 * between two summaries applies the next one. The view is built from the table's current state,
 * which may already hold bets of the next summary: a position it shows differently from the last
 * summary is remembered ("dirty") and goes into the next delta whatever its net change, so the
 * client's totals are the server's after that delta even when a bet was placed and taken back
 * in between (its net change is nothing, but the view showed it).
 *
 * Every {@link FULL_EVERY}th summary is full again: a client that holds a summary it cannot match
 * (a view served by another process, which does not number this table's summaries) catches up
 * without a fetch. The sequence numbers of a table only grow in the process (a coup or a table
 * that fell below the threshold starts with a full summary, not with number 1 again).
 */
import type { BetsSummaryView, PositionTotalView } from '../protocol/views.ts';
import { tableRules, type TableState } from '../table/machine.ts';

/** A full summary at least every this many summaries of a table (about 6 s while its players bet). */
export const FULL_EVERY = 40;

/** The next summary of a table: `base` absent for a full one. */
export interface SequencedSummary {
  readonly summary: BetsSummaryView;
  readonly base?: number;
}

/** The summaries of one table (see the module doc). */
export class SummarySequence {
  private seq = 0;
  /** The totals of the last summary sent, by key, and its coup; null: the next summary is full. */
  private base: Map<string, PositionTotalView> | null = null;
  private coup = -1;
  /** Positions a view showed differently from `base`: in the next delta whatever their net change. */
  private readonly dirty = new Set<string>();
  /** The last state labelled (its difference from `base` is in `dirty`) and its view's summary. */
  private labelled: { state: TableState; summary: BetsSummaryView } | null = null;
  private sinceFull = 0;

  /**
   * The summary a view of state `s` carries: `summary` (the state's) with the sequence number of
   * the last summary sent; the positions where it differs from that summary go into the next
   * delta. One object per state version and number (shared by every viewer of it).
   */
  label(s: TableState, summary: BetsSummaryView): BetsSummaryView {
    const l = this.labelled;
    if (l && l.state === s && l.summary.seq === this.seq) return l.summary;
    if (this.base && s.coup === this.coup) for (const k of changed(this.base, summary.totals)) this.dirty.add(k);
    const labelled = { ...summary, seq: this.seq };
    this.labelled = { state: s, summary: labelled };
    return labelled;
  }

  /** The next summary to send for state `s` (its `summary`): full, or the delta since the last one sent. */
  next(s: TableState, summary: BetsSummaryView): SequencedSummary {
    const base = this.base;
    const seq = ++this.seq;
    const full = !base || s.coup !== this.coup || ++this.sinceFull >= FULL_EVERY;
    const keys = full ? null : changed(base, summary.totals);
    if (keys) for (const k of this.dirty) keys.add(k);
    this.base = new Map(summary.totals.map((t) => [t[0], t]));
    this.coup = s.coup;
    this.dirty.clear();
    this.labelled = null;
    if (!keys) {
      this.sinceFull = 0;
      return { summary: { ...summary, seq } };
    }
    const index = tableRules(s.config).catalogue.byKey;
    const totals = [...keys]
      .map((k): PositionTotalView => this.base!.get(k) ?? [k, 0, 0])
      .sort((a, b) => (index.get(a[0])?.index ?? -1) - (index.get(b[0])?.index ?? -1));
    return { base: seq - 1, summary: { ...summary, seq, totals } };
  }

  /** The table is not large any more (its players got fresh views): the next summary is full. */
  forget(): void {
    this.base = null;
    this.coup = -1;
    this.dirty.clear();
    this.labelled = null;
  }
}

/** The positions whose totals differ between `base` and `totals` (either way). */
function changed(base: ReadonlyMap<string, PositionTotalView>, totals: readonly PositionTotalView[]): Set<string> {
  const out = new Set<string>();
  let kept = 0; // positions of `base` still staked
  for (const t of totals) {
    const b = base.get(t[0]);
    if (b) kept++;
    if (!b || b[1] !== t[1] || b[2] !== t[2]) out.add(t[0]);
  }
  if (kept !== base.size) {
    const now = new Set(totals.map((t) => t[0]));
    for (const k of base.keys()) if (!now.has(k)) out.add(k);
  }
  return out;
}

/** The summary sequences of the tables run by one process, by table id. */
export class SummarySequences {
  private readonly tables = new Map<string, SummarySequence>();

  /** The table's sequence (created at its first use). */
  of(table: string): SummarySequence {
    let q = this.tables.get(table);
    if (!q) this.tables.set(table, (q = new SummarySequence()));
    return q;
  }

  /** The table's sequence if it has one. */
  get(table: string): SummarySequence | undefined {
    return this.tables.get(table);
  }
}
