/**
 * The player's status panel: the croupier's call, the phase banner (why no bet is taken), the
 * phase and the countdown, the announcement of the result and the coup's net for me (only once
 * the ball has landed), the zero-choice banner, the connection state.
 */
import { colourOf, pocketText } from '../../../src/engine/index.ts';
import { byId, clock, h, numBadge } from '../dom.ts';
import { coupResult, recalledSettlement } from '../history.ts';
import { announcement, calls, DICTS, t } from '../i18n.ts';
import { phaseStatus } from '../phase.ts';
import { landing, toPocket } from '../state/table.ts';
import type { PlayerCtx } from './context.ts';

/** The status panel (filled by {@link updateStatus} and {@link tickStatus}). */
export function statusPanel(app: PlayerCtx): HTMLElement {
  const d = DICTS[app.lang];
  return h(
    'section',
    { class: 'status panel', 'aria-label': d.settled },
    h('div', { class: 'call', id: 'call' }),
    h('div', { class: 'phase-banner', id: 'phase-banner', role: 'status', hidden: true }),
    h(
      'div',
      { class: 'phase-line' },
      h('span', { id: 'phase', 'aria-live': 'polite' }),
      h('div', { class: 'countdown', role: 'progressbar', id: 'countdown', 'aria-label': 'countdown' }, h('span', {})),
      h('span', { class: 'countdown-text', id: 'countdown-text' }),
    ),
    h('div', { class: 'announce', id: 'announce', 'aria-live': 'polite' }),
    h('div', { class: 'win-line', id: 'win', 'aria-live': 'polite' }),
    h('div', { class: 'banner', id: 'zero-banner', hidden: true }),
    h('div', { class: 'empty', id: 'conn', role: 'status' }),
  );
}

/** The phase banner: why no bet is taken (paused, closed, rien ne va plus, the result). */
export function updatePhaseBanner(app: PlayerCtx): void {
  const v = app.view!;
  const ps = phaseStatus(v.phase, v.pauseRequested);
  const banner = byId('phase-banner');
  banner.hidden = ps.banner === null;
  banner.textContent = ps.banner ? t(app.lang, ps.banner) : '';
  banner.className = `phase-banner${ps.tone ? ` tone-${ps.tone}` : ''}`;
  banner.dataset.phase = v.phase;
}

/** The call, the phase, the announcement and my result (the winner marked on the layout). */
export function updateStatus(app: PlayerCtx): void {
  const v = app.view!;
  const L = app.lang;
  const d = DICTS[L];
  const rolling = landing(app.st);
  const shown = rolling === null ? v.lastCoup : null;
  const showResult =
    shown &&
    shown.number === app.st.shownCoup &&
    (v.phase === 'settled' || v.phase === 'paused' || v.phase === 'closed' || v.phase === 'betting');
  const c = calls(L);
  const callText: Record<string, string> = {
    betting: c.faitesVosJeux,
    launched: c.faitesVosJeux,
    'no-more-bets': c.rienNeVaPlus,
    settled: shown ? announcement(L, toPocket(shown.pocket)) : '',
    closed: d.closed,
    paused: d.paused,
  };
  byId('call').textContent = rolling !== null ? c.rienNeVaPlus : (callText[v.phase] ?? '');
  byId('phase').textContent = `${d.coup} ${v.coup} · ${t(L, phaseStatus(v.phase).name)}`;
  const ann = byId('announce');
  if (showResult && shown) {
    const p = toPocket(shown.pocket);
    ann.replaceChildren(
      numBadge(pocketText(p), colourOf(p)),
      h('span', { class: 'text' }, shown.announcement[L] ?? announcement(L, p)),
    );
    // while the result is on, the croupier's call above says the announcement: show it once
    ann.classList.toggle('said', v.phase === 'settled');
    ann.dataset.pocket = pocketText(p);
    app.layout?.markWinner(v.phase === 'settled' ? p : null);
    app.racetrack?.markWinner(v.phase === 'settled' ? p : null);
  } else if (rolling === null && v.day && !v.lastCoup && v.ball !== null) {
    ann.replaceChildren(t(L, 'ballInPocket', { n: String(v.ball) }));
    ann.classList.remove('said');
    delete ann.dataset.pocket;
  } else {
    ann.replaceChildren();
    ann.classList.remove('said');
    delete ann.dataset.pocket;
  }
  updateWin(app, showResult ? shown : null);
  // the phone's bar repeats the number and my result (player.css shows it below 700 px / on short screens)
  const badge = ann.querySelector('.num');
  byId('bar-result').replaceChildren(
    ...(badge ? [badge.cloneNode(true)] : []),
    h('span', { class: byId('win').className }, byId('win').textContent ?? ''),
  );
  // zero choice banner
  const pending = (v.my?.prisoners ?? []).filter((p) => p.pending && p.choiceDeadline !== null);
  byId('zero-banner').hidden = pending.length === 0 || rolling !== null;
}

/** My result of the coup on display: the coup's net (wallet change), a win only when positive. */
function updateWin(app: PlayerCtx, shown: { number: number } | null): void {
  const L = app.lang;
  const win = byId('win');
  const s = shown
    ? (app.st.settlements.get(`${app.tableId}:${shown.number}`) ??
      recalledSettlement(app.history, app.tableId, shown.number))
    : undefined;
  if (shown && s) {
    // freed prisoners and returned stakes are a stake back; en prison is held, not lost; la
    // partage is a loss of half
    const r = coupResult(s);
    const parts: string[] = [];
    if (r.kind === 'win') parts.push(t(L, 'youWon', { a: app.money(r.net) }));
    else if (r.kind === 'stake-back') parts.push(t(L, 'stakeBack', { a: app.money(r.back) }));
    else if (r.kind === 'loss') parts.push(t(L, 'netResult', { a: app.money(r.net) }));
    if (r.freed > 0) parts.push(t(L, 'stakeBack', { a: app.money(r.freed) }));
    // a historic zero's returned chances: the player's, left on the layout
    if (r.carried > 0 && r.kind !== 'stake-back') parts.push(t(L, 'stakeBack', { a: app.money(r.carried) }));
    if (r.held > 0) parts.push(t(L, 'heldInPrison', { a: app.money(r.held) }));
    if (parts.length === 0) parts.push(t(L, 'youLost'));
    win.textContent = parts.join(' · ');
    win.className = `win-line ${r.net > 0 ? 'won' : r.net === 0 ? 'even' : 'lost'}`;
    win.dataset.returned = String(s.returned);
    win.dataset.net = String(r.net);
  } else if (!shown) {
    win.textContent = '';
    delete win.dataset.returned;
  }
}

/** Countdown bar and the zero-choice timers at `now` (server epoch ms; every 200 ms). */
export function tickStatus(app: PlayerCtx, now: number): void {
  const v = app.view;
  const bar = document.querySelector<HTMLElement>('#countdown > span');
  const phoneBar = document.querySelector<HTMLElement>('#bar-countdown > span');
  if (!v || !bar) return;
  const total = v.deadline !== null ? Math.max(1, v.deadline - v.since) : 1;
  const left = v.deadline !== null ? Math.max(0, v.deadline - now) : 0;
  const active = v.deadline !== null && (v.phase === 'betting' || v.phase === 'launched' || v.phase === 'settled');
  bar.style.width = active ? `${(100 * left) / total}%` : '0%';
  byId('countdown-text').textContent = active ? clock(left) : '';
  if (phoneBar) {
    phoneBar.style.width = bar.style.width;
    byId('bar-countdown-text').textContent = active ? clock(left) : '';
  }
  byId('countdown').setAttribute('aria-valuenow', String(Math.ceil(left / 1000)));
  const pending = (v.my?.prisoners ?? []).filter((p) => p.pending && p.choiceDeadline !== null);
  if (pending.length) {
    const secs = Math.max(0, Math.ceil((Math.min(...pending.map((p) => p.choiceDeadline!)) - now) / 1000));
    byId('zero-banner').textContent = t(app.lang, 'choiceOpen', { s: secs });
  }
  for (const el of Array.from(document.querySelectorAll<HTMLElement>('.prisoner-card [data-deadline]'))) {
    el.textContent = `${Math.max(0, Math.ceil((Number(el.dataset.deadline) - now) / 1000))} s`;
  }
}
