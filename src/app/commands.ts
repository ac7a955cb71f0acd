/**
 * Table commands of the application layer, shared by HTTP routes and WebSocket messages: player
 * commands (bet, undo, clear, rebet, double, prisoner choice), croupier steps (open, launch,
 * close, pause, result), admin table management. Each turns a validated request into a
 * machine event dispatched by the table's driver and returns a value or a rejection.
 */
import type {
  AdminTablesView,
  CommandView,
  ConfiguredTableView,
  CreatedTableView,
  CroupierStepView,
  PaymentsView,
  ResultView,
  CorrectionView,
} from '../protocol/views.ts';
import type { TableFloorView } from '../protocol/lists.ts';
import type { SeatView } from '../protocol/seats.ts';
import type { TableConfigInput } from '../table/config.ts';
import { tableErr } from '../table/errors.ts';
import { echo } from '../protocol/shape.ts';
import { playerAccount } from '../table/ledger.ts';
import { coupPlayers, LARGE_LIST_PLAYERS, listSummary } from '../table/lists.ts';
import type { TableState } from '../table/state.ts';
import type { StaffRef, TableEvent } from '../table/machine.ts';
import type { Casino } from './casino.ts';
import { exposureElsewhere, remoteFirst } from './exposure.ts';
import { sendPlayerCommand, type PlayerCommand } from './player-commands.ts';
import type { CommandAudit } from './driver.ts';
import type { R, Viewer } from './players.ts';
import { tableConfigView } from './views.ts';

export { sendPlayerCommand, type PlayerCommand } from './player-commands.ts';

/** A player command on a table (by id): the machine's reply value. Errors: TABLE_ELSEWHERE, TABLE_UNOWNED, UNKNOWN_TABLE, the machine's. */
export async function playerCommand(
  casino: Casino,
  tableId: string,
  playerId: string,
  cmd: PlayerCommand,
): Promise<R<unknown>> {
  const t = casino.running(tableId);
  if (!t.ok) return t;
  return sendPlayerCommand(t.value, playerId, cmd, casino);
}

/** A player command with the wallet after it (the HTTP replies). */
export async function playerCommandWithBalance(
  casino: Casino,
  tableId: string,
  playerId: string,
  cmd: PlayerCommand,
): Promise<R<CommandView>> {
  const r = await playerCommand(casino, tableId, playerId, cmd);
  if (!r.ok) return r;
  return {
    ok: true,
    value: { ...(r.value as Record<string, unknown> | null), balance: await casino.players.balance(playerId) },
  };
}

/**
 * The settled coup of a croupier's result, confirmation or correction reply. A large table
 * (more than {@link LARGE_LIST_PLAYERS} players) gets the coup without its per-bet parts
 * (`payments`, `owners`, the list's lines): `summary: true` and the croupier's list's totals;
 * the console reads the full list from the staff view or `GET …/payments` (issue 17: at
 * 200,000 bets the full reply was tens of MB of JSON, serialised and parsed before the
 * croupier saw it). A smaller table gets the whole last coup, as before.
 */
export function resultCoup(s: TableState): ResultView['coup'] {
  const last = s.lastCoup;
  // a copy: the state's last coup serialises its collections as the snapshot's rows (coup-rows.ts)
  if (!last) return null;
  if (coupPlayers(last, LARGE_LIST_PLAYERS) <= LARGE_LIST_PLAYERS) return { ...last } as ResultView['coup'];
  return {
    number: last.number,
    pocket: last.pocket,
    chances: last.chances,
    announcement: last.announcement,
    at: last.at,
    croupiers: last.croupiers,
    ...(last.winning ? { winning: last.winning } : {}),
    ...(last.duty ? { duty: last.duty } : {}),
    summary: true,
    list: listSummary(s)!,
  };
}

/** A croupier step: open, launch, close, pause. Replies the machine's value with the phase, coup and deadline after it. */
export async function croupierStep(
  casino: Casino,
  tableId: string,
  type: 'open' | 'launch' | 'close' | 'pause',
  audit?: CommandAudit,
): Promise<R<CroupierStepView>> {
  const t = casino.running(tableId);
  if (!t.ok) return t;
  const r = await t.value.dispatch((_tx, now) => ({ type, now }) as TableEvent, audit);
  if (!r.ok) return r;
  const s = t.value.state;
  return { ok: true, value: { ...(r.value as object | null), phase: s.phase, coup: s.coup, deadline: s.deadline } };
}

/**
 * The croupier's number of a physical wheel: the settled coup, or (tables that confirm) the
 * entered number awaiting `confirm` (`{coup: null, entered, confirmed: false, from?}`).
 */
export async function croupierResult(
  casino: Casino,
  tableId: string,
  pocket: unknown,
  by?: StaffRef,
  audit?: CommandAudit,
): Promise<R<ResultView>> {
  const t = casino.running(tableId);
  if (!t.ok) return t;
  const r = await t.value.dispatch(
    (_tx, now) => ({
      type: 'result',
      now,
      pocket,
      source: 'croupier',
      ...(by ? { by } : {}),
    }),
    audit,
  );
  if (!r.ok) return r;
  const v = r.value as { entered?: unknown } | null;
  if (v && v.entered !== undefined) return { ok: true, value: { coup: null, ...(v as Omit<ResultView, 'coup'>) } };
  return { ok: true, value: { coup: resultCoup(t.value.state) } };
}

/** The floor of a running table (staff): exposure per number and the players (issue 12 item 8). Errors: TABLE_ELSEWHERE, TABLE_UNOWNED, UNKNOWN_TABLE. */
export async function floor(casino: Casino, tableId: string): Promise<R<TableFloorView>> {
  const t = casino.running(tableId);
  if (!t.ok) return t;
  return { ok: true, value: await casino.views.floor(t.value.state) };
}

/** The last settled coup's payment list (staff). Errors: TABLE_ELSEWHERE, TABLE_UNOWNED, UNKNOWN_TABLE, NOT_FOUND (no coup yet). */
export async function payments(casino: Casino, tableId: string): Promise<R<PaymentsView>> {
  const t = casino.running(tableId);
  if (!t.ok) return t;
  const view = await casino.views.payments(t.value.state);
  return view
    ? { ok: true, value: view }
    : { ok: false, error: tableErr('NOT_FOUND', 'no coup has been settled on this table yet') };
}

/** The tables this process runs, with their event counts (admin). */
export function adminTables(casino: Casino): AdminTablesView {
  return {
    tables: [...casino.tables.values()].map((t) => ({
      ...tableConfigView(t.state.config),
      phase: t.state.phase,
      coup: t.state.coup,
      events: t.sequence,
    })),
  };
}

/** Creates a table (admin), opening it when asked. Errors: see Casino.createTable. */
export async function createTable(
  casino: Casino,
  input: TableConfigInput & { open?: boolean },
): Promise<R<CreatedTableView>> {
  const { open, ...config } = input;
  const r = await casino.createTable(config);
  if (!r.ok) return r;
  const t = casino.table(r.value.id);
  if (open && t) await t.dispatch((_tx, now) => ({ type: 'open', now }));
  return { ok: true, value: { table: tableConfigView(r.value), phase: t?.state.phase ?? 'closed' } };
}

/** Changes a table's configuration (admin; rules excluded). */
export async function configureTable(
  casino: Casino,
  tableId: string,
  patch: Extract<TableEvent, { type: 'configure' }>['patch'],
  audit?: CommandAudit,
): Promise<R<ConfiguredTableView>> {
  const t = casino.running(tableId);
  if (!t.ok) return t;
  const r = await t.value.dispatch((_tx, now) => ({ type: 'configure', now, patch }), audit);
  if (!r.ok) return r;
  return { ok: true, value: { table: tableConfigView(t.value.state.config) } };
}

// ---------------------------------------------------------------------------------------------
// table operation (issue 12): staff actions naming the account that did them

/** The staff account of a viewer, as the machine records it (`account`: the account id when the viewer has one, else its role). */
export function staffRef(v: Viewer): StaffRef {
  const account = (v as { accountId?: unknown }).accountId;
  return { account: typeof account === 'string' ? account : v.role, role: v.role };
}

/**
 * A staff action on a running table: `no-spin` (reason optional) or `void` (reason required).
 * Replies the machine's value with the phase, coup and deadline after it. Errors: the machine's
 * (WRONG_PHASE with `detail.allowed`, WRONG_MODE, REASON_REQUIRED), TABLE_ELSEWHERE, TABLE_UNOWNED, UNKNOWN_TABLE.
 */
export async function staffAction(
  casino: Casino,
  tableId: string,
  by: StaffRef,
  action: { type: 'no-spin'; reason?: string } | { type: 'void'; reason: string },
  audit?: CommandAudit,
): Promise<R<CroupierStepView>> {
  const t = casino.running(tableId);
  if (!t.ok) return t;
  const r = await t.value.dispatch((_tx, now) => ({ ...action, now, by }) as TableEvent, audit);
  if (!r.ok) return r;
  const s = t.value.state;
  return { ok: true, value: { ...(r.value as object | null), phase: s.phase, coup: s.coup, deadline: s.deadline } };
}

/**
 * Confirms the entered number: the settled coup. `pocket`: the number the console showed (refused
 * ENTERED_CHANGED when another was entered since). Errors: NOTHING_ENTERED, WRONG_PHASE, the table's.
 */
export async function confirmResult(
  casino: Casino,
  tableId: string,
  by: StaffRef,
  audit?: CommandAudit,
  pocket?: unknown,
): Promise<R<ResultView>> {
  const t = casino.running(tableId);
  if (!t.ok) return t;
  const r = await t.value.dispatch(
    (_tx, now) => ({ type: 'confirm', now, by, ...(pocket !== undefined ? { pocket } : {}) }),
    audit,
  );
  if (!r.ok) return r;
  return { ok: true, value: { coup: resultCoup(t.value.state) } };
}

/**
 * Corrects the settled number of the table's last coup (chef, pit boss): reversal and new
 * settlement in one transaction; the players' wallets are read in that transaction (what a wallet
 * cannot give back goes to the player's house-debt account). Errors: see the machine's `correct`.
 */
export async function correctResult(
  casino: Casino,
  tableId: string,
  by: StaffRef,
  body: { pocket: unknown; reason: string },
  audit?: CommandAudit,
): Promise<R<CorrectionView>> {
  const t = casino.running(tableId);
  if (!t.ok) return t;
  const driver = t.value;
  const r = await driver.dispatch(async (tx, now) => {
    const sf = driver.state.settledFrom;
    const ids = new Set<string>();
    for (const b of sf?.bets.bets ?? []) ids.add(b.playerId);
    for (const p of sf?.prisoners ?? []) ids.add(p.playerId);
    const read = ids.size ? await tx.balances([...ids].map(playerAccount)) : new Map<string, number>();
    const balances: Record<string, number> = Object.create(null);
    for (const id of ids) balances[id] = read.get(playerAccount(id)) ?? 0;
    return { type: 'correct', now, by, pocket: body.pocket, reason: body.reason, balances };
  }, audit);
  if (!r.ok) return r;
  return {
    ok: true,
    value: { ...(r.value as Omit<CorrectionView, 'lastCoup'>), lastCoup: resultCoup(driver.state) },
  };
}

/**
 * The chef's derogation (RULES §6): a player's bet accepted after rien ne va plus and before the
 * ball falls, read against the player's wallet and exposure in the storage transaction. Errors:
 * UNKNOWN_PLAYER, PLAYER_AMBIGUOUS (the player is named by account id or display name:
 * Players.resolve), the machine's (DEROGATION_CHEF_ONLY, REASON_REQUIRED, WRONG_PHASE, a bet's).
 */
export async function derogate(
  casino: Casino,
  tableId: string,
  by: StaffRef,
  body: { playerId: string; bet: Record<string, unknown>; reason: string },
  audit?: CommandAudit,
): Promise<R<CommandView>> {
  const t = casino.running(tableId);
  if (!t.ok) return t;
  const who = await casino.players.resolve(body.playerId);
  if (!who.ok) return who;
  const playerId = who.value.id;
  const remote = await remoteFirst(casino, playerId, tableId); // SQLite: read before the transaction
  const r = await t.value.dispatch(async (tx, now) => {
    const available = await tx.balance(playerAccount(playerId));
    const elsewhere = await exposureElsewhere(casino, playerId, tableId, remote);
    return { type: 'derogation', now, by, ...body, playerId, available, ...(elsewhere ? { elsewhere } : {}) };
  }, audit);
  if (!r.ok) return r;
  const balance = await casino.players.balance(playerId);
  return { ok: true, value: { ...(r.value as Record<string, unknown> | null), playerId, balance } };
}

/**
 * A staff account takes or leaves a seat of the table (issue 12 item 1, src/table/seats.ts):
 * replies `{seat, seats}` (plus `from`: the seat it moved from, `cleared`: the name of the holder a
 * pit boss cleared). Errors: the machine's (INVALID_SEAT, SEAT_CHEF_ONLY, SEAT_TAKEN, SEAT_EMPTY,
 * SEAT_NOT_YOURS), SEAT_ELSEWHERE (the account holds a seat at another table of this process,
 * detail.table; across processes it is not checked), TABLE_ELSEWHERE, TABLE_UNOWNED, UNKNOWN_TABLE.
 */
export async function seatCommand(
  casino: Casino,
  tableId: string,
  by: StaffRef,
  name: string,
  action: 'take' | 'leave',
  seat: unknown,
  audit?: CommandAudit,
): Promise<R<SeatView>> {
  const t = casino.running(tableId);
  if (!t.ok) return t;
  // one account holds seats at one table at a time (tables of this process only: not checked across processes)
  if (action === 'take')
    for (const [id, other] of casino.tables)
      if (id !== tableId && Object.values(other.state.seats ?? {}).some((h) => h?.account === by.account))
        return {
          ok: false,
          error: tableErr('SEAT_ELSEWHERE', `you hold a seat at table ${echo(id)}: leave it first`, { table: id }),
        };
  const r = await t.value.dispatch((_tx, now) => ({ type: 'seat', now, action, seat, by, name }), audit);
  if (!r.ok) return r;
  return { ok: true, value: r.value as SeatView };
}
