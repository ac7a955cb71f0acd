/**
 * The console's seats panel (issue 12 item 1, docs/OPERATIONS.md "Seats"): the four seats of the
 * table — chef de table, croupier de droite, croupier de gauche, bout de table — with who holds
 * each; "Take" beside an empty seat, "Leave" beside the account's own seat, "Clear" beside
 * another's for a pit boss or admin. The server decides (a croupier taking the chef's seat is
 * refused in the toast); the panel follows the `seats` event.
 */
import { CHEF_SEAT_ROLES, SEAT_CLEAR_ROLES, SEATS, type Seat } from '../../../src/protocol/seats.ts';
import { h } from '../dom.ts';
import type { ConsoleState } from '../state/console.ts';
import type { ConsoleEnv, Panel } from './panel.ts';
import { SEAT_WORDS } from './seat-words.ts';

/** The seats panel. */
export function seatsPanel(env: ConsoleEnv): Panel {
  const w = SEAT_WORDS[env.lang];
  const body = h('tbody', {});
  const element = h(
    'section',
    { class: 'panel seats', id: 'seats', 'aria-label': w.title },
    h('h2', {}, w.title),
    h('table', { class: 'seat-table' }, body),
  );
  return { element, update: (s) => body.replaceChildren(...SEATS.map((seat) => row(env, s, seat))) };
}

function row(env: ConsoleEnv, s: ConsoleState, seat: Seat): HTMLElement {
  const w = SEAT_WORDS[env.lang];
  const holder = s.view?.seats?.[seat] ?? null;
  const mine = holder !== null && holder.account === env.account;
  const btn = (id: string, text: string, action: 'take' | 'leave') =>
    h('button', { class: 'btn', type: 'button', id, onclick: () => env.staff({ type: 'seat', action, seat }) }, text);
  const buttons: HTMLElement[] = [];
  if (holder === null && (seat !== 'chef' || CHEF_SEAT_ROLES.includes(env.role ?? '')))
    buttons.push(btn(`seat-take-${seat}`, w.take, 'take'));
  if (mine) buttons.push(btn(`seat-leave-${seat}`, w.leave, 'leave'));
  else if (holder !== null && SEAT_CLEAR_ROLES.includes(env.role ?? ''))
    buttons.push(btn(`seat-clear-${seat}`, w.clear, 'leave'));
  return h(
    'tr',
    { dataset: { seat, held: holder ? 'yes' : 'no' } },
    h('th', { scope: 'row' }, w.seats[seat]),
    h(
      'td',
      { class: holder ? 'seat-holder' : 'seat-holder empty', id: `seat-${seat}` },
      holder ? holder.name : w.empty,
    ),
    h('td', {}, ...buttons),
  );
}
