/**
 * The back office's read models (issue 15; docs/WEB.md "Back office"): the tables overview, game
 * recall (search and one coup with its names), the figures per table and gaming day
 * (src/app/figures.ts), the daily cashier report and a player's file. Reads only: the screens'
 * changes go through the existing admin, account and croupier commands.
 */
import type {
  BackofficeTablesView,
  CashierReportView,
  CoupSearchView,
  FiguresView,
  PlayerFileView,
  RecallView,
} from '../protocol/views-backoffice.ts';
import { gamingDay } from '../table/config.ts';
import { debtAccount, playerAccount } from '../table/ledger.ts';
import type { CoupRecord } from '../table/machine.ts';
import type { CashierTotals, CoupSearch, Store } from '../store/port.ts';
import type { Casino } from './casino.ts';
import { adminTables } from './commands.ts';
import { tableFigures } from './figures.ts';
import { isStaff, type Viewer } from './viewer.ts';

/** The most coups of a day the overview and the figures read per table. */
const DAY_COUPS = 5000;

/** Offset of a time zone from UTC at an instant, ms (positive east of Greenwich). */
function zoneOffset(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const v = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  const wall = Date.UTC(v('year'), v('month') - 1, v('day'), v('hour'), v('minute'), v('second'));
  return wall - Math.floor(at / 1000) * 1000;
}

/** The local midnight of an ISO date in a time zone, epoch ms (daylight-saving changes included). */
export function zonedMidnight(date: string, timeZone: string): number {
  const utc = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(utc)) throw new Error(`internal: not a date ${date}`);
  let t = utc - zoneOffset(utc, timeZone);
  t = utc - zoneOffset(t, timeZone);
  return t;
}

/** A gaming day [from, to) of a time zone, epoch ms. */
export function dayBounds(date: string, timeZone: string): { from: number; to: number } {
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return { from: zonedMidnight(date, timeZone), to: zonedMidnight(next, timeZone) };
}

/** Names of staff accounts by id, in one store read (unknown ids keep their id: the bootstrap admin is "admin"). */
export async function staffNames(store: Store, ids: Iterable<string>): Promise<Record<string, string>> {
  const wanted = [...new Set(ids)];
  const names = wanted.length ? await store.userNames(wanted) : new Map<string, string>();
  const out: Record<string, string> = Object.create(null);
  for (const id of wanted) out[id] = names.get(id) ?? id;
  return out;
}

/** The staff accounts named by a coup record's notes and corrections. */
function staffOf(r: CoupRecord): string[] {
  const ids: string[] = [];
  for (const n of r.staff ?? []) if (n.by) ids.push(n.by.account);
  for (const c of r.corrections ?? []) {
    const by = (c as { by?: { account?: unknown } }).by;
    if (by && typeof by.account === 'string') ids.push(by.account);
  }
  return ids;
}

/**
 * GET /api/backoffice/tables: the tables this process runs, with today's coups, seated players and
 * staff: per table a count and the staff ids of its day (Store.tableDay, no record read), then one
 * read of every name.
 */
export async function tablesOverview(casino: Casino, store: Store): Promise<BackofficeTablesView> {
  const now = casino.clockPort.now();
  const rows = [];
  for (const t of adminTables(casino).tables) {
    const state = casino.table(t.id)?.state;
    const seated = new Set<string>();
    for (const b of state?.bets.toArray() ?? []) seated.add(b.playerId);
    for (const p of state?.prisoners ?? []) seated.add(p.playerId);
    const date = gamingDay(now, t.timeZone).date;
    const { from, to } = dayBounds(date, t.timeZone);
    rows.push({ t, seated: seated.size, date, day: await store.tableDay(t.id, from, to) });
  }
  const names = await staffNames(
    store,
    rows.flatMap((r) => r.day.staff),
  );
  const tables: BackofficeTablesView['tables'] = rows.map(({ t, seated, date, day }) => ({
    ...t,
    seated,
    coupsToday: day.coups,
    date,
    croupiers: [...new Set(day.staff.map((id) => names[id]))].sort(),
  }));
  return { tables };
}

/** GET /api/backoffice/coups: a search (a player given by name or id). */
export async function searchCoups(
  casino: Casino,
  store: Store,
  q: Omit<CoupSearch, 'playerId'> & { player?: string },
): Promise<CoupSearchView> {
  const { player, ...rest } = q;
  let playerId: string | undefined;
  if (player !== undefined) {
    playerId = (await casino.players.find(player))?.id ?? player;
  }
  return { coups: await store.searchCoups({ ...rest, ...(playerId !== undefined ? { playerId } : {}) }) };
}

/** GET /api/backoffice/coups/:table/:n: the whole record (staff), balances and names; null when not recorded. */
export async function recall(casino: Casino, store: Store, tableId: string, n: number, viewer: Viewer) {
  if (!isStaff(viewer)) throw new Error('internal: recall is for staff');
  const view = await casino.views.coup(tableId, n, viewer);
  if (!view) return null;
  const rec = view.coup as unknown as CoupRecord;
  const ids = new Set<string>([...rec.bets.map((b) => b.playerId), ...Object.keys(rec.players)]);
  const players: Record<string, string> = Object.create(null);
  for (const p of await store.getPlayers([...ids])) players[p.id] = p.name;
  const result: RecallView = { ...view, players, staff: await staffNames(store, staffOf(rec)) };
  return result;
}

/** GET /api/backoffice/figures: the figures of a gaming day of each table (or one), each with its time zone and the day's bounds there. */
export async function figures(casino: Casino, store: Store, date: string, tableId?: string): Promise<FiguresView> {
  const configs = (await store.listTables()).filter((c) => tableId === undefined || c.id === tableId);
  const tables = [];
  for (const c of configs) {
    const { from, to } = dayBounds(date, c.timeZone);
    // with the day it covers, so that the screen can say which (new-user QA, issue 15)
    tables.push({
      ...tableFigures(c, await store.coupsBetween(c.id, from, to, DAY_COUPS)),
      timeZone: c.timeZone,
      from,
      to,
    });
  }
  return { date, tables };
}

/** GET /api/backoffice/cashier: each cashier's opening, in, out and closing of a day of a time zone; the credits that are no cash apart. */
export async function cashierReport(store: Store, date: string, timeZone: string): Promise<CashierReportView> {
  const { from, to } = dayBounds(date, timeZone);
  const before = await store.cashierTotals(0, from);
  const during = await store.cashierTotals(from, to);
  const cash = (x: CashierTotals) => x.credit === undefined;
  const ids = [...new Set([...before, ...during].filter(cash).map((c) => c.cashier))].sort();
  const names = await staffNames(
    store,
    ids.filter((x) => x !== ''),
  );
  const total = { opening: 0, in: 0, out: 0, closing: 0, count: 0 };
  const cashiers = ids.map((cashier) => {
    const line = {
      cashier,
      name: cashier === '' ? '' : (names[cashier] ?? cashier),
      ...figuresOf(
        before.find((x) => cash(x) && x.cashier === cashier),
        during.find((x) => cash(x) && x.cashier === cashier),
      ),
    };
    for (const k of ['opening', 'in', 'out', 'closing', 'count'] as const) total[k] += line[k];
    return line;
  });
  const kinds = [...new Set([...before, ...during].flatMap((c) => (c.credit ? [c.credit] : [])))].sort();
  const credits = kinds.map((credit) => ({
    credit,
    ...figuresOf(
      before.find((x) => x.credit === credit),
      during.find((x) => x.credit === credit),
    ),
  }));
  return { date, timeZone, from, to, cashiers, total, credits };
}

/** A line's figures: opening from the movements before the day (`b`), in / out / count of the day (`d`). */
function figuresOf(b: CashierTotals | undefined, d: CashierTotals | undefined) {
  const opening = b ? b.deposits - b.withdrawals : 0;
  const inDay = d?.deposits ?? 0;
  const out = d?.withdrawals ?? 0;
  return { opening, in: inDay, out, closing: opening + inDay - out, count: d?.count ?? 0 };
}

/** GET /api/backoffice/players/:id: a player's wallet, account, sessions, last coups and transactions; null when unknown. */
export async function playerFile(casino: Casino, store: Store, id: string): Promise<PlayerFileView | null> {
  const p = await store.getPlayer(id);
  if (!p) return null;
  const user = await store.getUser(id);
  const account = playerAccount(id);
  const history = await store.playerHistory(id, 20);
  const txs = await store.transactions(account, 20);
  // what the player owes the house (QA: a correction after a withdrawal left it on debt:<id>, unseen)
  const owed = 0 - (await store.balance(debtAccount(id)));
  const debtTxs = await store.transactions(debtAccount(id), 20);
  return {
    id,
    name: p.name,
    balance: await casino.players.balance(id),
    debt: owed,
    debts: debtTxs.map((t) => ({
      at: t.at,
      kind: t.kind,
      tableId: t.tableId ?? null,
      coup: t.coup ?? null,
      amount: 0 - (t.postings.find((x) => x.account === debtAccount(id))?.amount ?? 0),
    })),
    locked: user ? user.locked : null,
    sessions: (await store.accountSessions(id)).map((s) => ({ createdAt: s.createdAt, lastSeen: s.lastSeen })),
    history: history.map((h) => ({
      tableId: h.tableId,
      number: h.number,
      resultAt: h.resultAt,
      pocket: h.pocket,
      staked: h.staked,
      net: h.net,
      balanceAfter: h.balanceAfter,
    })),
    transactions: txs.map((t) => ({
      id: t.id,
      kind: t.kind,
      at: t.at,
      amount: t.postings.find((x) => x.account === account)?.amount ?? 0,
      memo: t.memo ?? {},
    })),
  };
}
