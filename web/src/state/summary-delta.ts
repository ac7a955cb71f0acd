/**
 * A large table's `bets-summary` applied to the summary a view holds (issue 17; docs/API.md
 * "bets-summary"). The server numbers the summaries of a table (`summary.seq`); after the first of
 * a coup (full) each is a delta of the summary numbered `base`: the positions changed since then
 * ([key, 0, 0]: none left) and the table-wide figures. The view's summary (a fetch, a `state`)
 * carries the number of the summary it corresponds to. So a delta applies to the summary numbered
 * `base` only; one the summary already holds (a number not above its own: the view was built
 * after it) changes nothing; any other is a gap (a lost or reordered event, a new coup, a view of
 * another process that does not number them), which the store answers with one fetch of the
 * table (live-patch.ts). The result is the server's full summary, position for position and in the
 * layout's order (test/web/summary-delta.property.test.ts). Pure.
 */
import { catalogue, type WheelKind } from '../../../src/engine/index.ts';
import type { BetsSummaryEvent } from '../../../src/protocol/events.ts';
import type { BetsSummaryView, PositionTotalView } from '../../../src/protocol/views.ts';

/** What a `bets-summary` does to a view's summary: the new summary, nothing (`held`), or a `gap`. */
export type SummaryStep = BetsSummaryView | 'held' | 'gap';

/**
 * The summary after `e` of a view of coup `coup` holding `cur` on a table of wheel `wheel()` (read
 * only for a delta). An
 * event of an earlier coup is held (stale); a full summary replaces any summary but a newer one.
 */
export function stepSummary(
  cur: BetsSummaryView | undefined,
  coup: number,
  e: Pick<BetsSummaryEvent, 'coup' | 'summary' | 'base'>,
  wheel: () => WheelKind,
): SummaryStep {
  if (e.coup < coup) return 'held';
  const seq = e.summary.seq;
  const numbered = cur?.seq !== undefined && seq !== undefined && e.coup === coup;
  if (e.base === undefined) return numbered && seq <= cur!.seq! ? 'held' : e.summary;
  if (!numbered) return 'gap';
  if (seq <= cur!.seq!) return 'held';
  if (cur!.seq !== e.base) return 'gap';
  return merged(cur!, e.summary, wheel());
}

/** `cur` with the delta's positions and figures: a position at [key, 0, 0] is removed; the layout's order. */
function merged(cur: BetsSummaryView, delta: BetsSummaryView, wheel: WheelKind): BetsSummaryView {
  const byKey = new Map<string, PositionTotalView>(cur.totals.map((t) => [t[0], t]));
  for (const t of delta.totals)
    if (t[2] === 0) byKey.delete(t[0]);
    else byKey.set(t[0], t);
  const index = catalogue(wheel).byKey;
  const totals = [...byKey.values()].sort((a, b) => (index.get(a[0])?.index ?? -1) - (index.get(b[0])?.index ?? -1));
  return { ...delta, totals };
}
