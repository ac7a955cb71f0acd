/**
 * JSON views of a table for the API and the live stream (docs/API.md "Table state").
 * Everyone sees the layout (all bets and prisoners, as at a real table); a player also gets
 * "my" bets and prisoners; staff (croupier, admin) also get the last coup's payment list.
 */
import { rulesJson } from '../engine/report.ts';
import { rulesOf, type TableConfig } from './config.ts';
import { placedBetJson, prisonerJson } from './events.ts';
import type { TableState } from './state.ts';

/** Who looks at the table. */
export type Viewer =
  { role: 'player'; playerId: string } | { role: 'croupier' } | { role: 'admin' } | { role: 'guest' };

/** The public configuration of a table: rules, limits (minor units), timings (ms), mode. */
export function tableConfigJson(c: TableConfig) {
  return {
    id: c.id,
    name: c.name,
    rules: rulesJson(rulesOf(c)),
    currency: c.currency,
    decimals: c.decimals,
    minimum: c.minimum,
    maxima: c.maxima,
    timings: c.timings,
    mode: c.mode,
    croupierPaced: c.croupierPaced,
    maxBetsPerPlayer: c.maxBetsPerPlayer,
    timeZone: c.timeZone,
  };
}

/** A table's state as `viewer` may see it. */
export function tableView(s: TableState, viewer: Viewer) {
  const staff = viewer.role === 'croupier' || viewer.role === 'admin';
  const last = s.lastCoup;
  const view = {
    table: tableConfigJson(s.config),
    phase: s.phase,
    since: s.since,
    deadline: s.deadline,
    coup: s.coup,
    pauseRequested: s.pauseRequested,
    day: s.day,
    /**
     * The ball's pocket: the last result; before the first result of the day, the day's date
     * until the first launch (RULES §6: the ball lies there only until it is launched), then null.
     */
    ball: last ? last.pocket : s.day && s.day.launchedAt === undefined ? s.day.pocket : null,
    history: s.history,
    lastCoup: last
      ? {
          number: last.number,
          pocket: last.pocket,
          chances: last.chances,
          announcement: last.announcement,
          at: last.at,
          ...(staff ? { payments: last.payments, croupiers: last.croupiers, owners: last.owners } : {}),
        }
      : null,
    bets: s.bets.map((b) => placedBetJson(s, b)),
    prisoners: s.prisoners.map(prisonerJson),
  };
  if (viewer.role !== 'player') return view;
  const mine = s.bets.ofPlayer(viewer.playerId);
  const lastBets = Object.hasOwn(s.lastBets, viewer.playerId) ? s.lastBets[viewer.playerId] : [];
  return {
    ...view,
    my: {
      playerId: viewer.playerId,
      bets: mine.map((b) => placedBetJson(s, b)),
      staked: mine.reduce((a, b) => a + b.stake, 0),
      prisoners: s.prisoners.filter((p) => p.playerId === viewer.playerId).map(prisonerJson),
      canRebet: lastBets.length > 0,
      lastBets: lastBets.map((b) => placedBetJson(s, b)),
    },
  };
}
