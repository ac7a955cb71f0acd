/**
 * The console's status panel: the storage alarm (storage-alarm.ts), the croupier's call (or the
 * announcement of the result), a wheel-integrity alert, phase / coup / gaming day / wheel mode, the countdown to the next
 * automatic change, the table actions (open the day or the next coup, launch, rien ne va plus,
 * pause) enabled by phase, a pause requested during the coup (`#pause-note`), and the connection state.
 */
import { byId, clock, h } from '../dom.ts';
import { announcement, calls, DICTS, phaseName, t } from '../i18n.ts';
import { LIST_WORDS } from './list-words.ts';
import { voidAfterLast, type ConsoleState } from '../state/console.ts';
import type { TableViewJson } from '../api.ts';
import { toPocket, type ConsoleEnv, type Panel } from './panel.ts';
import { storageAlarmBanner } from './storage-alarm.ts';

/** The status panel; `tick(view, now)` moves the countdown (the page calls it every 250 ms). */
export function statusPanel(env: ConsoleEnv): Panel & { tick(v: TableViewJson | null, now: number): void } {
  const d = DICTS[env.lang];
  const storage = storageAlarmBanner(env.lang); // the table cannot record: first, above the call
  const btn = (id: string, text: string, onclick: () => void, cls = 'btn') =>
    h('button', { class: cls, type: 'button', id, onclick }, text);
  const controls = h(
    'div',
    { class: 'controls' },
    btn('open', d.openBetting, () => env.act('open'), 'btn primary'),
    btn('launch', d.launch, () => env.act('launch')),
    btn('close', d.closeBetting, () => env.act('close'), 'btn danger'),
    btn('pause', d.pause, () => env.act('pause')),
  );
  const element = h(
    'section',
    { class: 'panel', 'aria-label': d.phase },
    storage.element,
    h('div', { class: 'call', id: 'call', 'aria-live': 'polite' }),
    h('div', { class: 'integrity', id: 'integrity', role: 'alert', hidden: true }),
    h(
      'dl',
      { class: 'kv' },
      h('dt', {}, d.phase),
      h('dd', { id: 'phase' }),
      h('dt', {}, d.coup),
      h('dd', { id: 'coup' }),
      h('dt', {}, d.dayDate),
      h('dd', { id: 'day' }),
      h('dt', {}, d.mode),
      h('dd', { id: 'mode' }),
    ),
    h(
      'div',
      { class: 'phase-line' },
      h('div', { class: 'countdown', id: 'countdown' }, h('span', {})),
      h('span', { class: 'countdown-text', id: 'countdown-text' }),
    ),
    controls,
    h('div', { class: 'pause-note', id: 'pause-note', role: 'status', hidden: true }),
    h('div', { class: 'empty', id: 'conn', role: 'status' }),
  );
  return { element, update: (s) => (storage.update(s), update(env, s)), tick };
}

function update(env: ConsoleEnv, s: ConsoleState): void {
  const v = s.view;
  if (!v) return;
  const d = DICTS[env.lang];
  const c = calls(env.lang);
  byId('phase').textContent = phaseName(env.lang, v.phase);
  byId('phase').dataset.phase = v.phase;
  byId('coup').textContent = String(v.coup);
  byId('day').textContent = v.day ? `${v.day.date}` : '—';
  byId('mode').textContent =
    v.table.mode === 'manual' ? d.modeManual : v.table.mode === 'wheel' ? d.wheelPanel : d.modeRng;
  byId('mode').dataset.mode = v.table.mode;
  const last = v.lastCoup;
  // after a void the table is settled without a new number: say the void, not the previous
  // coup's number (issue 12 leftover)
  const voided = v.phase === 'settled' && voidAfterLast(s)?.coup === v.coup;
  const call = byId('call');
  call.textContent =
    v.phase === 'betting' || v.phase === 'launched'
      ? c.faitesVosJeux
      : v.phase === 'no-more-bets'
        ? c.rienNeVaPlus
        : voided
          ? LIST_WORDS[env.lang].voidCall
          : v.phase === 'settled' && last
            ? announcement(env.lang, toPocket(last.pocket))
            : idleCall(env, v.phase);
  call.classList.toggle('void', voided);
  const alert = byId('integrity');
  alert.hidden = s.integrity === null;
  alert.textContent = s.integrity === null ? '' : `${t(env.lang, 'integrityAlert')}: ${s.integrity}`;
  const set = (id: string, enabled: boolean) => (byId<HTMLButtonElement>(id).disabled = !enabled);
  // after the result, "faites vos jeux" is the croupier's call (a croupier-paced table waits for it; issue 12)
  set('open', v.phase === 'closed' || v.phase === 'paused' || v.phase === 'settled');
  byId('open').textContent = v.phase === 'closed' ? d.openDay : d.openBetting;
  set('launch', v.phase === 'betting');
  set('close', v.phase === 'betting' || v.phase === 'launched');
  set('pause', v.phase !== 'closed' && v.phase !== 'paused');
  // a pause requested during the coup is said (QA: the console showed nothing, and a croupier-paced
  // table waits in "settled" for the croupier: pause now, or open betting to withdraw it)
  const pending = v.pauseRequested === true && v.phase !== 'closed' && v.phase !== 'paused';
  const note = byId('pause-note');
  note.hidden = !pending;
  note.textContent = !pending
    ? ''
    : v.phase === 'settled'
      ? LIST_WORDS[env.lang].pauseNow
      : LIST_WORDS[env.lang].pauseSoon;
  byId('pause').setAttribute('aria-pressed', String(pending));
  byId('conn').textContent = s.connected ? '' : t(env.lang, 'disconnected');
}

/** Moves the countdown bar and its text to `now` (server epoch ms). */
function tick(v: TableViewJson | null, now: number): void {
  const bar = document.querySelector<HTMLElement>('#countdown > span');
  if (!v || !bar) return;
  const total = v.deadline !== null ? Math.max(1, v.deadline - v.since) : 1;
  const left = v.deadline !== null ? Math.max(0, v.deadline - now) : 0;
  bar.style.width = v.deadline !== null ? `${(100 * left) / total}%` : '0%';
  byId('countdown-text').textContent = v.deadline !== null ? clock(left) : '';
}

/** The call line of a table with no coup running (issue 12: never blank): closed, paused, held, settled after a void. */
function idleCall(env: ConsoleEnv, phase: string): string {
  const w = LIST_WORDS[env.lang];
  if (phase === 'closed') return w.closedCall;
  if (phase === 'paused') return w.pausedCall;
  if (phase === 'held') return w.heldCall;
  return DICTS[env.lang].settled;
}
