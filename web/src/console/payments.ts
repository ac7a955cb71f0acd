/**
 * The console's lists of the last coup as a croupier follows them (issue 12 item 6, RULES.md §6,
 * docs/OPERATIONS.md "The lists of a coup"): what to collect first (in the order the rake goes),
 * then what to pay — winnings only, in the order of RULES §6 (colonnes, douzaines, chances
 * simples, sixains and transversales, carrés, chevaux and pleins) —, what to give back without
 * winnings (a freed prisoner, the half of a partage), the prisoners that stay, and the totals.
 * Every line names the player and the colour of their chips; which croupier pays and collects.
 */
import { colourOf, pocketText } from '../../../src/engine/index.ts';
import type {
  ChipColourJson,
  CroupierListView,
  OwnedLine,
  PrisonMoveJson,
  StackLine,
} from '../../../src/protocol/lists.ts';
import type { PrisonerJson } from '../../../src/protocol/events.ts';
import type { PaymentJson } from '../api.ts';
import { h, numBadge } from '../dom.ts';
import { stackSuffix } from '../slip.ts';
import { announcement, DICTS, t, type Language } from '../i18n.ts';
import { voidAfterLast, type ConsoleState } from '../state/console.ts';
import { dutyOf } from '../../../src/protocol/seats.ts';
import { fill, LIST_WORDS } from './list-words.ts';
import { recoverySection } from './recovery.ts';
import { dutyText } from './seat-words.ts';
import { money, playerName, posName, toPocket, type ConsoleEnv, type Panel } from './panel.ts';

/** The lists' panel: the collections' part in `element`, the payments' in `payPart`, a panel the shell places. */
export interface ListsPanel extends Panel {
  /**
   * To pay, to give back, the prisoners that stay and the totals: a panel of its own, so that the
   * shell can show it beside the collections after a result (QA: on a busy table the payments'
   * heading was below the screen). Hidden while it has nothing (before a result, after a void).
   */
  readonly payPart: HTMLElement;
}

/** The payment-list panel of the console (the collections; the payments in its `payPart`). */
export function paymentsPanel(env: ConsoleEnv): ListsPanel {
  const d = DICTS[env.lang];
  const box = h('div', { id: 'payments' });
  const payBox = h('div', { id: 'payments-pay' });
  const element = h(
    'section',
    { class: 'panel payments-panel', id: 'payments-panel', 'aria-label': d.payments },
    h('h2', {}, d.payments),
    box,
  );
  const payPart = h(
    'section',
    { class: 'panel payments-panel pay-part', id: 'pay-panel', 'aria-label': LIST_WORDS[env.lang].pay, hidden: true },
    payBox,
  );
  // a coup voided since the last result: nothing to pay, not the previous coup's list (issue 12 leftover)
  const update = (s: ConsoleState) => {
    const voided = voidAfterLast(s);
    const parts = voided ? { collect: voidNotice(env.lang, voided), pay: [] } : render(env, s);
    box.replaceChildren(...parts.collect);
    payBox.replaceChildren(...parts.pay);
    payPart.hidden = parts.pay.length === 0;
  };
  return { element, payPart, update };
}

/** A player's chip colour as a swatch with its name (the set number after the tenth player). */
export function colourChip(lang: Language, c: ChipColourJson | undefined): HTMLElement {
  if (!c) return h('span', { class: 'chip-colour' });
  const name = LIST_WORDS[lang].colours[c.colour] + (c.set > 1 ? ` ${c.set}` : '');
  return h(
    'span',
    { class: 'chip-colour', dataset: { colour: c.colour }, title: name },
    c.set > 1 ? String(c.set) : '',
  );
}

/**
 * One line of a list as the console shows it: player and colour, position (a stack of several
 * stakes with "×n", as the player's own bet list says it), stake, amount, a note.
 */
interface Line {
  readonly data: Record<string, string>;
  readonly line: OwnedLine<unknown>;
  readonly key: string;
  readonly text: string;
  /** Stakes gathered in the line's stack (QA: one line per player and position), and each of them when they differ. */
  readonly count: number;
  readonly stakes?: readonly number[];
  readonly stake: number;
  readonly amount: number | null;
  readonly note: string;
}

/** The payment list's place after a void: the coup, nothing to pay, the staff's reason. */
function voidNotice(lang: Language, voided: { coup: number; reason?: string }): HTMLElement[] {
  const w = LIST_WORDS[lang];
  const head = fill(w.voidList, { n: voided.coup });
  return [
    h('p', { class: 'announce void', id: 'void-list', dataset: { coup: String(voided.coup) } }, head),
    ...(voided.reason ? [h('p', { class: 'void-reason' }, fill(w.voidReason, { r: voided.reason }))] : []),
  ];
}

/** The lists of the last coup: the collections' part (number, call, duty, to collect) and the payments' (to pay and after). */
function render(env: ConsoleEnv, s: ConsoleState): { collect: HTMLElement[]; pay: HTMLElement[] } {
  const d = DICTS[env.lang];
  const w = LIST_WORDS[env.lang];
  const p = s.payments;
  const list = p?.list;
  if (!p || !list) return { collect: [h('p', { class: 'empty' }, '—')], pay: [] };
  const m = (minor: number) => money(s, env.lang, minor);
  const pocket = toPocket(p.pocket);
  const other = (x: 'left' | 'right') => (x === 'left' ? d.right : d.left);
  const head = h(
    'div',
    { class: 'announce' },
    numBadge(pocketText(pocket), colourOf(pocket)),
    `${d.coup} ${p.coup} — ${p.announcement[env.lang] ?? announcement(env.lang, pocket)}`,
  );
  const pays = t(env.lang, 'paysCroupier', { who: d[p.croupiers.pays], other: other(p.croupiers.pays) });
  // the croupiers named from the seats as they are now (the seats event keeps the view's seats)
  const named = s.view?.seats ? dutyOf(p.croupiers, s.view.seats) : list.duty;
  const duty = h(
    'div',
    { class: 'duty', id: 'duty', dataset: { pays: p.croupiers.pays, collects: p.croupiers.collects } },
    h('span', { class: 'pays' }, pays),
    ...(named
      ? [
          h(
            'span',
            { class: 'duty-collects', id: 'duty-collects' },
            dutyText(env.lang, 'collect', named.collects.seat, named.collects.staff),
          ),
          h(
            'span',
            { class: 'duty-pays', id: 'duty-pays' },
            dutyText(env.lang, 'pay', named.pays.seat, named.pays.staff),
          ),
        ]
      : []),
  );
  const table = (id: string, title: string, heads: readonly string[], total: number, lines: Line[], empty: string) =>
    section(
      id,
      title,
      heads,
      m(total),
      lines.map((l, i) => row(env, s, i, l)),
      empty,
    );
  const t_ = list.totals;
  const { collect, pay, back, prison } = listLines(env, s, list);
  const totals = h(
    'p',
    {
      class: 'list-totals',
      id: 'list-totals',
      dataset: {
        collected: `${t_.collected}`,
        paid: `${t_.paid}`,
        returned: `${t_.returned}`,
        prison: `${t_.enPrison}`,
      },
    },
    `${w.totalCollected} ${m(t_.collected)} · ${w.totalPaid} ${m(t_.paid)} · ${w.totalReturned} ${m(t_.returned)} · ${w.totalPrison} ${m(t_.enPrison)}`,
  );
  return {
    collect: [
      head,
      ...recoverySection(env, s, colourChip),
      ...combinations(env, s),
      duty,
      table('collect', w.collect, [d.stake, w.totalCollected, ''], t_.collected, collect, w.nothing),
    ],
    pay: [
      table('pay', w.pay, [d.stake, w.winnings, d.placement], t_.paid, pay, d.noPayments),
      table('return', w.giveBack, [d.stake, w.totalReturned, d.action], t_.returned, back, w.nothing),
      table('prison', w.prison, [d.stake, '', ''], t_.enPrison, prison, w.nothing),
      totals,
    ],
  };
}

/** The lines of the four lists as the console shows them (stacks: "×n" when several stakes). */
function listLines(env: ConsoleEnv, s: ConsoleState, list: CroupierListView) {
  const d = DICTS[env.lang];
  const w = LIST_WORDS[env.lang];
  const collect = list.collections.map((c) => ({
    ...{ data: { kind: c.kind, why: c.why, ...stackData(c) }, line: c, key: c.key, text: c.text },
    ...{ count: c.count, stakes: c.stakes, stake: c.stake, amount: c.amount },
    note: c.why === 'partage' ? w.partageHalf : c.prison ? fill(w.prisonerLost, { n: c.prison }) : w.lost,
  }));
  const payment = (x: StackLine<PaymentJson>, note: string): Line => ({
    ...{ data: { kind: x.kind, action: x.action, ...stackData(x) }, line: x, key: x.key, text: x.text },
    ...{ count: x.count, stakes: x.stakes, stake: x.stake, amount: x.amount, note },
  });
  const pay = list.payments.map((x) => payment(x, x.placement === 'beside-stake' ? d.besideStake : d.toPlayer));
  const back = list.returns.map((x) =>
    payment(x, x.action === 'free' ? w.returnStake : x.action === 'partage' ? w.returnHalf : w.returnRule),
  );
  const prison = list.prisons.map((x) => ({
    ...{ data: { move: x.move, bet: x.betId }, line: x, key: x.chance, text: x.chance, count: 1 },
    ...{ stake: x.stake, amount: null },
    note: `${w[x.move]} · ${fill(w.level, { from: x.from, to: x.to })}${choiceNote(env.lang, s, x)}`,
  }));
  return { collect, pay, back, prison };
}

/** A stack's data attributes: its first bet (`bet`), every bet (`bets`, space-separated) and its count of stakes. */
function stackData(x: { betId: string; betIds: readonly string[]; count: number }): Record<string, string> {
  return { bet: x.betId, bets: x.betIds.join(' '), count: String(x.count) };
}

const LIVE = new WeakMap<readonly PrisonerJson[], ReadonlyMap<string, PrisonerJson>>();

/**
 * What became of a zero's prisoner on the list (leftover 2): its choice still open, stays en
 * prison, or moved; read from the view's prisoners, which the live `prisoner` events keep up to
 * date (the list itself comes with the settlement), else from the line as the server built it.
 */
function choiceNote(lang: Language, s: ConsoleState, x: PrisonMoveJson): string {
  if (!x.pending && !x.choice) return '';
  const w = LIST_WORDS[lang];
  const all = s.view?.prisoners;
  let live = all && LIVE.get(all);
  if (all && !live) LIVE.set(all, (live = new Map(all.map((q) => [q.id, q]))));
  const p = live?.get(x.betId);
  if (!p && live && x.pending) return ''; // la partage: the line leaves with the list that follows
  if (p ? p.pending : x.pending) return ` · ${w.choiceOpen}`;
  const to = p ? (p.chance !== x.chance ? p.chance : undefined) : x.movedTo;
  return ` · ${to ? fill(w.movedTo, { c: posName(s, lang, to, to) }) : w.stays}`;
}

function row(env: ConsoleEnv, s: ConsoleState, i: number, l: Line): HTMLElement {
  const m = (minor: number) => money(s, env.lang, minor);
  return h(
    'tr',
    { dataset: l.data },
    h('td', {}, String(i + 1)),
    h('td', { class: 'who' }, colourChip(env.lang, l.line.colour), ' ', playerName(s, l.line.playerId)),
    h('td', {}, posName(s, env.lang, l.key, l.text) + stackSuffix(l.count, l.stakes, m)),
    h('td', { class: 'r' }, m(l.stake)),
    h('td', { class: 'r' }, l.amount === null ? '' : m(l.amount)),
    h('td', {}, l.note),
  );
}

/** One list as a table (`#<id>-table`, its total `#<id>-total`), or a line saying it is empty. */
function section(
  id: string,
  title: string,
  heads: readonly string[],
  total: string,
  rows: HTMLElement[],
  empty: string,
): HTMLElement {
  const th = (text: string, attrs: Record<string, unknown> = {}) => h('th', attrs, text);
  const body = rows.length
    ? h(
        'table',
        { class: 'pay-table', id: `${id}-table` },
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            th('#'),
            th(''),
            th(''),
            th(heads[0], { class: 'r' }),
            th(heads[1], { class: 'r' }),
            th(heads[2]),
          ),
        ),
        h('tbody', {}, ...rows),
        h(
          'tfoot',
          {},
          h('tr', {}, th(''), th(''), th(''), th(''), th(total, { class: 'r', id: `${id}-total` }), th('')),
        ),
      )
    : h('p', { class: 'empty' }, empty);
  return h('div', { class: 'list-section', dataset: { list: id } }, h('h3', {}, title), body);
}

/** The croupier's call of the winning combinations holding bets (French, as said at the table) and in the page's language. */
function combinations(env: ConsoleEnv, s: ConsoleState): HTMLElement[] {
  const last = s.view?.lastCoup;
  const w = last && last.number === s.payments?.coup ? last.winning : undefined;
  if (!w) return [];
  const call = w.call.fr || '—';
  const local = env.lang !== 'fr' && w.call[env.lang] ? [h('div', { class: 'call-local' }, w.call[env.lang])] : [];
  return [
    h(
      'div',
      {
        class: 'combinations',
        id: 'combinations',
        dataset: { count: String(w.combinations.filter((c) => c.hasBet).length) },
      },
      h('strong', {}, `${LIST_WORDS[env.lang].combinations}${env.lang === 'fr' ? ' :' : ':'} `),
      h('span', { class: 'call', lang: 'fr' }, call),
      ...local,
    ),
  ];
}
