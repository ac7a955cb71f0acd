/**
 * The player's table page: builds it (top bar; wheel, status and board; the felt with the
 * racetrack; chips and actions; the side column: bet slip, prisoners, history, limits, help)
 * and renders a state into it. A new panel of the player's table is a module of this folder
 * with a `xxxPanel(app)` builder placed here and, if it shows state, a render call in
 * {@link updateShell}.
 */
import { byId, h } from '../dom.ts';
import { DICTS } from '../i18n.ts';
import { landing, shownBalance, toPocket } from '../state/table.ts';
import { WheelView } from '../wheel-view.ts';
import { boardPanel, renderBoard } from './board.ts';
import { chipsPanel, updateActions } from './chips.ts';
import type { PlayerCtx } from './context.ts';
import { favouritesPanel, renderFavourites } from './favourites.ts';
import { feltPanel, updateFelt } from './felt.ts';
import { racetrackPanel, renderTrackTotals } from './racetrack-tools.ts';
import { skipLinks } from './skip-links.ts';
import { viewSwitch } from './view-switch.ts';
import { header } from './header.ts';
import { coupDetailsButton, momentOverlay, renderMoment } from './moment-view.ts';
import { historyPanel, renderHistory } from './history-view.ts';
import { limitsAndHelp } from './limits.ts';
import { prisonersPanel, renderPrisoners } from './prisoners-view.ts';
import { renderSlip, slipPanel } from './slip-view.ts';
import { activityLine, renderTableActivity } from './table-activity.ts';
import { statusPanel, tickStatus, updatePhaseBanner, updateStatus } from './status-view.ts';

/** Builds the page in `root` (on entry, on a language or table change); {@link updateShell} fills it. */
export function buildShell(app: PlayerCtx, root: HTMLElement): void {
  const v = app.view!;
  document.title = `Croupier — ${v.table.name}`;
  // the stage is one screen: wheel, status, board, layout, racetrack, chips and actions
  // (player.css places them for desktops and phones, never below the fold); the side column
  // (bet slip, prisoners, history, limits, help) beside it or, on a phone, under it
  const track = racetrackPanel(app);
  const status = statusPanel(app);
  status.append(activityLine(app), coupDetailsButton(app));
  const stage = h(
    'div',
    { class: `stage${track ? ' with-track' : ''}${track && app.trackView ? ' track-view' : ''}` },
    h('div', { class: 'wheel-box panel' }, wheelOf(app).root, momentOverlay(app)),
    status,
    boardPanel(app),
    feltPanel(app),
    track
      ? h('section', { class: 'track-panel', id: 'track-panel', 'aria-label': DICTS[app.lang].racetrack }, track)
      : null,
    track ? viewSwitch(app) : null,
    chipsPanel(app),
  );
  const side = h(
    'div',
    { class: 'side-col' },
    slipPanel(app),
    favouritesPanel(app),
    prisonersPanel(app),
    historyPanel(app),
    ...limitsAndHelp(app),
  );
  root.replaceChildren(
    skipLinks(app),
    header(app),
    h('main', { class: 'page table-page' }, stage, side),
    h('div', { class: 'toast', id: 'toast', role: 'alert', hidden: true }),
  );
  // the history (all tables) survives a rebuild: a table or language change
  renderHistory(app);
}

/**
 * The wheel of the table. It survives a rebuild of the page (a language change): a ball that
 * is rolling keeps rolling and lands, which shows the result and releases the deferred state.
 */
function wheelOf(app: PlayerCtx): WheelView {
  const v = app.view!;
  const wheelKind = v.table.rules.wheel;
  if (!app.wheel || app.wheel.wheel !== wheelKind) {
    app.wheel?.dispose();
    app.wheel = new WheelView(wheelKind);
    const rolling = landing(app.st);
    if (rolling !== null && app.st.ball.pocket !== null) {
      // another wheel under a rolling ball (the table's rules changed): it lands at once
      app.wheel.rest(app.st.ball.pocket);
      queueMicrotask(() => app.dispatch({ type: 'landed', coup: rolling }));
    }
  }
  app.wheel.root.setAttribute('aria-label', DICTS[app.lang].wheel);
  if (!app.wheel.moving && landing(app.st) === null) {
    const ball = v.ball ?? null;
    app.wheel.rest(ball === null ? null : toPocket(ball));
    if (v.phase === 'launched' || v.phase === 'no-more-bets') app.wheel.launch();
  }
  return app.wheel;
}

/** Renders the store's state into the page (`now`: the server's clock, epoch ms). */
export function updateShell(app: PlayerCtx, now: number): void {
  const v = app.view;
  if (!v || !document.getElementById('balance')) return;
  byId('balance').textContent = app.money(shownBalance(app.st));
  byId('staked').textContent = app.money(v.my?.staked ?? 0);
  updateFelt(app);
  renderTableActivity(app);
  renderTrackTotals(app);
  updatePhaseBanner(app);
  updateStatus(app);
  renderSlip(app);
  renderFavourites(app);
  updateActions(app);
  renderPrisoners(app, now);
  renderBoard(app);
  renderMoment(app);
  tickStatus(app, now);
}
