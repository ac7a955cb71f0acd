/**
 * One coup as it was (game recall, GET /api/backoffice/coups/:table/:n): the layout with every
 * chip and its player, the number and its source, every staff action and correction with who and
 * why, the settlement per bet, the payment list in the croupiers' order and what was collected,
 * each player's wallet before and after, and the wheel's data (direction, spin counter, faults).
 */
import { parsePocket, type WheelKind } from '../../../src/engine/index.ts';
import type { RecallView } from '../../../src/protocol/views-backoffice.ts';
import { h } from '../dom.ts';
import { chipsOf, playersLayout } from '../layout-players.ts';
import { bw, grid, money, section, when, type ScreenCtx } from './common.ts';
import { betOutcome, coupDebts, titled, walletBefore } from './recall-lines.ts';
import type { BoKey } from './words/en.ts';

interface RecBet {
  id: string;
  key?: string;
  text?: string;
  announce?: string;
  stake: number;
  chips?: Array<{ key: string; stake?: number }>;
}
interface Outcome {
  status?: string;
  returned?: number;
  paid?: number;
  collected?: number;
}
interface Settlement {
  rules?: { wheel?: WheelKind; offered?: string[] };
  bets?: Record<string, Outcome>;
  payments?: Array<{ betId: string; text?: string; action?: string; amount: number; stake: number; chip?: number }>;
  croupiers?: { collects?: string; pays?: string };
}

/** A recorded coup with the parts the recall reads. */
type Coup = RecallView['coup'] & {
  staff?: Array<{
    action: string;
    at: number;
    by: { account: string } | null;
    reason?: string;
    pocket?: string;
    from?: string;
  }>;
  corrections?: Array<{
    from: string;
    to: string;
    reason: string;
    at?: number;
    by?: { account: string };
    debts?: Record<string, number>;
  }>;
  players?: Record<string, { balanceBeforeBets?: number | null }>;
  wheel?: {
    spinCounter: number | null;
    direction: string | null;
    rotorSpeed: number | null;
    missSpins: number;
    audit: unknown[];
    manual: boolean;
  };
};

/** What the recall's parts share. */
interface Parts {
  ctx: ScreenCtx;
  v: RecallView;
  c: Coup;
  s: Settlement;
  bets: Array<{ playerId: string; prisoner: boolean; bet: RecBet }>;
  w: (k: BoKey) => string;
  m: (x: number) => string;
  name: (id: string) => string;
}

/** The recall of one coup into `root`. */
export async function showCoup(root: HTMLElement, ctx: ScreenCtx, table: string, n: number): Promise<void> {
  const v = await ctx.api.call<RecallView>(
    'GET',
    `/api/backoffice/coups/${encodeURIComponent(table)}/${encodeURIComponent(String(n))}`,
  );
  const c = v.coup as Coup;
  const p: Parts = {
    ctx,
    v,
    c,
    s: (c.settlement ?? {}) as Settlement,
    bets: c.bets as Parts['bets'],
    w: (k) => bw(ctx.lang, k),
    m: (x) => money(ctx.lang, x),
    name: (id) => v.players[id] ?? id,
  };
  root.replaceChildren(
    headPart(p),
    h('div', { class: 'bo-recall-layout panel', id: 'recall-layout' }, layoutOf(ctx, p.s, p.bets, c.pocket, p.name)),
    betsPart(p),
    h('div', { class: 'bo-cols' }, paymentsPart(p), collectionsPart(p)),
    h('div', { class: 'bo-cols' }, balancesPart(p), staffPart(p)),
  );
}

function headPart({ ctx, c, w }: Parts): HTMLElement {
  return section(
    `${w('coup')} ${c.number} — ${w('table')} ${c.tableId}`,
    h(
      'dl',
      { class: 'bo-kv', id: 'recall-head' },
      h('dt', {}, w('result')),
      h('dd', { id: 'recall-pocket' }, c.pocket === null ? '—' : String(c.pocket)),
      h('dt', {}, w('status')),
      h('dd', {}, `${w(c.status === 'void' ? 'void' : 'settled')}${c.reason ? ` — ${c.reason}` : ''}`),
      h('dt', {}, w('wheelSource')),
      h('dd', {}, String(c.source ?? '—')),
      h('dt', {}, w('started')),
      h('dd', {}, c.startedAt ? when(ctx.lang, c.startedAt) : '—'),
      h('dt', {}, w('closed')),
      h('dd', {}, c.closedAt ? when(ctx.lang, c.closedAt) : '—'),
      h('dt', {}, w('at')),
      h('dd', {}, when(ctx.lang, c.resultAt)),
    ),
  );
}

function betsPart({ ctx, c, s, bets, w, m, name }: Parts): HTMLElement {
  return section(
    w('bets'),
    grid(
      [w('player'), w('bet'), w('stake'), w('outcome'), w('returned')],
      bets.map((b) => {
        // a void coup has no settlement: its stakes went back (QA: shown as "—" and 0.00)
        const o = betOutcome(ctx.lang, c.status, { stake: b.bet.stake, prisoner: b.prisoner }, s.bets?.[b.bet.id]);
        return [
          name(b.playerId),
          `${b.bet.announce ?? b.bet.text ?? b.bet.key ?? b.bet.id}${b.prisoner ? ` (${w('prisoner')})` : ''}`,
          m(b.bet.stake),
          o.outcome,
          m(o.returned),
        ];
      }),
      { id: 'recall-bets' },
    ),
  );
}

function paymentsPart({ c, s, w, m, name }: Parts): HTMLElement {
  return section(
    titled(w('payments'), s.croupiers?.pays),
    grid(
      ['#', w('player'), w('bet'), w('stake'), w('amount')],
      (s.payments ?? []).map((x, i) => [
        i + 1,
        name(ownerOf(c, x.betId)),
        x.text ?? x.betId,
        m(x.stake),
        `${x.action ?? ''} ${m(x.amount)}`,
      ]),
      { id: 'recall-payments' },
    ),
  );
}

function collectionsPart({ s, bets, w, m, name }: Parts): HTMLElement {
  return section(
    titled(w('collections'), s.croupiers?.collects),
    grid(
      [w('player'), w('bet'), w('amount')],
      bets
        .filter((b) => (s.bets?.[b.bet.id]?.collected ?? 0) > 0)
        .map((b) => [name(b.playerId), b.bet.text ?? b.bet.announce ?? b.bet.id, m(s.bets![b.bet.id].collected!)]),
      { id: 'recall-collections' },
    ),
  );
}

function balancesPart({ v, c, w, m, name }: Parts): HTMLElement {
  // before the coup's first stake (QA: it was read after the stakes), and what a correction left owed
  const debts = coupDebts(c.corrections);
  return section(
    w('balances'),
    grid(
      [w('player'), w('before'), w('after'), ...(debts.size ? [w('debt')] : [])],
      Object.entries(v.balances).map(([id, b]) => [
        name(id),
        m(walletBefore(c.players?.[id], b.before)),
        m(b.after),
        ...(debts.size ? [debts.has(id) ? m(debts.get(id)!) : ''] : []),
      ]),
      { id: 'recall-balances' },
    ),
  );
}

function staffPart({ ctx, v, c, w, m, name }: Parts): HTMLElement {
  const staff = (id: string | undefined) => (id ? (v.staff[id] ?? id) : '—');
  return section(
    w('staffNotes'),
    grid(
      [w('at'), w('action'), w('by'), w('reason')],
      [
        ...(c.staff ?? []).map((x) => [
          when(ctx.lang, x.at),
          `${x.action}${x.pocket !== undefined ? ` ${x.from !== undefined ? `${x.from} → ` : ''}${x.pocket}` : ''}`,
          staff(x.by?.account),
          x.reason ?? '',
        ]),
        ...(c.corrections ?? []).map((x) => [
          x.at ? when(ctx.lang, x.at) : '',
          `${w('corrections')}: ${x.from} → ${x.to}${Object.entries(x.debts ?? {})
            .map(([id, d]) => ` — ${w('debt')}: ${name(id)} ${m(d)}`)
            .join('')}`,
          staff(x.by?.account),
          x.reason,
        ]),
      ],
      { id: 'recall-staff' },
    ),
    c.wheel
      ? h(
          'dl',
          { class: 'bo-kv', id: 'recall-wheel' },
          h('dt', {}, w('direction')),
          h('dd', {}, c.wheel.direction ?? '—'),
          h('dt', {}, w('spinCounter')),
          h('dd', {}, String(c.wheel.spinCounter ?? '—')),
          h('dt', {}, 'rpm'),
          h('dd', {}, c.wheel.rotorSpeed === null ? '—' : (c.wheel.rotorSpeed / 10).toFixed(1)),
          h('dt', {}, w('faults')),
          h('dd', {}, `${c.wheel.missSpins} · ${c.wheel.audit.map((a) => JSON.stringify(a)).join('; ') || '—'}`),
        )
      : null,
  );
}

function ownerOf(c: RecallView['coup'], betId: string): string {
  const owners = (c.settlement as { owners?: Record<string, string> } | null)?.owners ?? {};
  return owners[betId] ?? '';
}

/** The felt with every chip of the coup (web/src/layout-players.ts: the players' layout, read-only). */
function layoutOf(
  ctx: ScreenCtx,
  s: Settlement,
  bets: Array<{ playerId: string; prisoner: boolean; bet: RecBet }>,
  pocket: string | number | null,
  name: (id: string) => string,
): HTMLElement {
  const wheel: WheelKind = s.rules?.wheel ?? 'single';
  const p = pocket === null ? null : parsePocket(pocket, wheel);
  return playersLayout({
    wheel,
    lang: ctx.lang,
    chips: chipsOf(bets),
    name,
    money: (x) => money(ctx.lang, x),
    decimals: 2,
    winner: p?.ok ? p.value : null,
  });
}
