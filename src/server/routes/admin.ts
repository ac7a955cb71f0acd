/**
 * Routes of the admin (docs/API.md "Admin"): tables (list, create, configure), players
 * (list, create, deposit, withdraw), the ledger audit. Each: parse -> application call -> reply.
 */
import type { FastifyInstance } from 'fastify';
import type { Casino } from '../../app/casino.ts';
import { adminTables, configureTable, createTable, staffRef } from '../../app/commands.ts';
import * as S from '../../protocol/messages.ts';
import type { AdminTablesView, CashView, ConfiguredTableView, LedgerView, PlayersView } from '../../protocol/views.ts';
import type { TableConfigInput } from '../../table/config.ts';
import type { TableEvent } from '../../table/machine.ts';
import { parse, unwrap, type Auth, type TableParams } from '../http.ts';

const ADMIN = ['admin'] as const;
const PIT = ['pitboss', 'admin'] as const;

/** Registers the admin routes. */
export function adminRoutes(app: FastifyInstance, casino: Casino, auth: Auth): void {
  // the pit boss runs the tables of the floor: lists and creates them (issue 15, the back office)
  app.get('/api/admin/tables', async (req): Promise<AdminTablesView> => {
    await auth.requireStaff(req, PIT);
    return adminTables(casino);
  });

  app.post('/api/admin/tables', async (req, reply) => {
    await auth.requireStaff(req, PIT);
    const body = parse(S.createTableBody, req.body) as TableConfigInput & { open?: boolean };
    return reply.code(201).send(unwrap(await createTable(casino, body)));
  });

  // the pit boss sets the limits and timings of the tables (docs/OPERATIONS.md); creating them is the admin's
  app.patch<TableParams>('/api/admin/tables/:id', async (req): Promise<ConfiguredTableView> => {
    await auth.requireStaff(req, PIT);
    const patch = parse(S.configureBody, req.body) as Extract<TableEvent, { type: 'configure' }>['patch'];
    return unwrap(await configureTable(casino, req.params.id, patch));
  });

  app.get('/api/admin/players', async (req): Promise<PlayersView> => {
    await auth.requireStaff(req, ADMIN);
    return { players: await casino.players.list() };
  });

  app.post('/api/admin/players', async (req, reply) => {
    await auth.requireStaff(req, ADMIN);
    const body = parse(S.createPlayerBody, req.body);
    if (body.password === undefined)
      return reply.code(201).send({ player: unwrap(await casino.players.create(body.name, body.deposit ?? 0)) });
    const account = unwrap(
      await casino.accounts.create({ name: body.name, password: body.password, role: 'player', deposit: body.deposit }),
    );
    return reply.code(201).send({ player: { id: account.id, name: account.name, balance: body.deposit ?? 0 } });
  });

  for (const kind of ['deposit', 'withdraw'] as const)
    app.post<{ Params: { pid: string } }>(`/api/admin/players/:pid/${kind}`, async (req): Promise<CashView> => {
      const v = await auth.requireStaff(req, ADMIN);
      const body = parse(S.cashBody, req.body);
      const by = { cashier: staffRef(v).account, ...(body.reason ? { reason: body.reason } : {}) };
      return unwrap(await casino.players.cash(req.params.pid, body.amount, kind, by));
    });

  app.get('/api/admin/ledger', async (req): Promise<LedgerView> => {
    await auth.requireStaff(req, ADMIN);
    return casino.players.ledger();
  });
}
