/**
 * Routes of the admin (docs/API.md "Admin"): tables (list, create, configure), players
 * (list, create, deposit, withdraw), the ledger audit. Each: parse -> application call -> reply.
 */
import type { FastifyInstance } from 'fastify';
import { actorOf, draft, recordAudit, tableAudit } from '../../app/audit.ts';
import type { Casino } from '../../app/casino.ts';
import { adminTables, configureTable, createTable, staffRef } from '../../app/commands.ts';
import * as S from '../../protocol/messages.ts';
import type { AdminTablesView, CashView, ConfiguredTableView, LedgerView, PlayersView } from '../../protocol/views.ts';
import type { TableConfigInput } from '../../table/config.ts';
import type { TableEvent } from '../../table/machine.ts';
import type { StoreTx } from '../../store/port.ts';
import { parse, unwrap, type Auth, type TableParams } from '../http.ts';

const ADMIN = ['admin'] as const;
const PIT = ['pitboss', 'admin'] as const;

/** The values of `keys` in a table's configuration (a configuration change's audit `before`). */
function pick(config: object, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  for (const k of keys) out[k] = Object.hasOwn(config, k) ? (config as Record<string, unknown>)[k] : null;
  return out;
}

/** Registers the admin routes. */
export function adminRoutes(app: FastifyInstance, casino: Casino, auth: Auth): void {
  // the pit boss runs the tables of the floor: lists and creates them (issue 15, the back office)
  app.get('/api/admin/tables', async (req): Promise<AdminTablesView> => {
    await auth.requireStaff(req, PIT);
    return adminTables(casino);
  });

  app.post('/api/admin/tables', async (req, reply) => {
    const v = await auth.requireStaff(req, PIT);
    const body = parse(S.createTableBody, req.body) as TableConfigInput & { open?: boolean };
    const created = unwrap(await createTable(casino, body));
    const after = { ...created.table, phase: created.phase };
    const line = draft(actorOf(v), 'table-created', casino.clockPort.now(), { tableId: created.table.id, after });
    await recordAudit(casino.store, line);
    return reply.code(201).send(created);
  });

  // the pit boss sets the limits and timings of the tables (docs/OPERATIONS.md) and creates them (issue 15)
  app.patch<TableParams>('/api/admin/tables/:id', async (req): Promise<ConfiguredTableView> => {
    const v = await auth.requireStaff(req, PIT);
    const patch = parse(S.configureBody, req.body) as Extract<TableEvent, { type: 'configure' }>['patch'];
    const audit = tableAudit(actorOf(v), req.params.id, 'table-configured', {
      detail: (prev) => ({ before: pick(prev.config, Object.keys(patch)), after: { ...patch } }),
    });
    return unwrap(await configureTable(casino, req.params.id, patch, audit));
  });

  app.get('/api/admin/players', async (req): Promise<PlayersView> => {
    await auth.requireStaff(req, ADMIN);
    return { players: await casino.players.list() };
  });

  app.post('/api/admin/players', async (req, reply) => {
    const v = await auth.requireStaff(req, ADMIN);
    const body = parse(S.createPlayerBody, req.body);
    const created = (id: string, name: string) =>
      draft(actorOf(v), 'player-created', casino.clockPort.now(), {
        after: { account: id, name, role: 'player', deposit: body.deposit ?? 0, login: body.password !== undefined },
      });
    // the opening deposit is cash taken by this admin: on their line of the cashier report
    const note = { cashier: staffRef(v).account };
    if (body.password === undefined) {
      const also = (tx: StoreTx, id: string, name: string) => tx.appendAudit(created(id, name)).then(() => {});
      return reply
        .code(201)
        .send({ player: unwrap(await casino.players.create(body.name, body.deposit ?? 0, also, note)) });
    }
    const account = unwrap(
      await casino.accounts.create({
        name: body.name,
        password: body.password,
        role: 'player',
        deposit: body.deposit,
        depositNote: note,
      }),
    );
    await recordAudit(casino.store, created(account.id, account.name));
    return reply.code(201).send({ player: { id: account.id, name: account.name, balance: body.deposit ?? 0 } });
  });

  for (const kind of ['deposit', 'withdraw'] as const)
    app.post<{ Params: { pid: string } }>(`/api/admin/players/:pid/${kind}`, async (req): Promise<CashView> => {
      const v = await auth.requireStaff(req, ADMIN);
      const body = parse(S.cashBody, req.body);
      const pid = req.params.pid;
      const also = (tx: StoreTx, before: number, after: number) =>
        tx.appendAudit(
          draft(actorOf(v), kind === 'deposit' ? 'deposit' : 'withdrawal', casino.clockPort.now(), {
            before: { player: pid, balance: before },
            after: { player: pid, balance: after, amount: body.amount },
            ...(body.reason ? { reason: body.reason } : {}),
          }),
        );
      const by = { cashier: staffRef(v).account, ...(body.reason ? { reason: body.reason } : {}) };
      return unwrap(await casino.players.cash(pid, body.amount, kind, also, by));
    });

  app.get('/api/admin/ledger', async (req): Promise<LedgerView> => {
    await auth.requireStaff(req, ADMIN);
    return casino.players.ledger();
  });
}
