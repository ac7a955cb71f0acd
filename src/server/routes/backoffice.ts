/**
 * Routes of the back office (issue 15; docs/API.md "Back office"): reads for the pit boss and the
 * admin (tables overview, game recall, figures, the cashier report, the ledger audit, a player's
 * file). Players, croupiers and chefs get 403. Each: parse -> application call -> reply.
 */
import type { FastifyInstance } from 'fastify';
import {
  cashierReport,
  dayBounds,
  figures,
  playerFile,
  recall,
  searchCoups,
  tablesOverview,
} from '../../app/backoffice.ts';
import type { Casino } from '../../app/casino.ts';
import { figuresCsv } from '../../app/figures.ts';
import * as S from '../../protocol/messages.ts';
import { echo } from '../../protocol/shape.ts';
import type {
  BackofficeTablesView,
  CashierReportView,
  CoupSearchView,
  FiguresView,
  PlayerFileView,
  RecallView,
} from '../../protocol/views-backoffice.ts';
import type { LedgerView } from '../../protocol/views.ts';
import { gamingDay } from '../../table/config.ts';
import { fail, parse, type Auth } from '../http.ts';

/** Who may open the back office. */
export const BACKOFFICE_ROLES = ['pitboss', 'admin'] as const;

/** Registers the back-office routes. */
export function backofficeRoutes(app: FastifyInstance, casino: Casino, auth: Auth): void {
  const store = casino.opts.store;
  const today = (tz: string) => gamingDay(casino.clockPort.now(), tz).date;

  app.get('/api/backoffice/tables', async (req): Promise<BackofficeTablesView> => {
    await auth.requireStaff(req, BACKOFFICE_ROLES);
    return tablesOverview(casino, store);
  });

  app.get('/api/backoffice/coups', async (req): Promise<CoupSearchView> => {
    await auth.requireStaff(req, BACKOFFICE_ROLES);
    const q = parse(S.coupSearchQuery, req.query, 'query');
    const zone = q.tz ?? (q.table ? (await store.getTable(q.table))?.timeZone : undefined) ?? 'UTC';
    const period = q.date ? dayBounds(q.date, zone) : {};
    return searchCoups(casino, store, {
      ...(q.table !== undefined ? { tableId: q.table } : {}),
      ...(q.number !== undefined ? { number: q.number } : {}),
      ...(q.player !== undefined ? { player: q.player } : {}),
      ...(q.min !== undefined ? { minAmount: q.min } : {}),
      ...period,
      limit: q.limit ?? 100,
    });
  });

  app.get<{ Params: { id: string; n: string } }>('/api/backoffice/coups/:id/:n', async (req): Promise<RecallView> => {
    const v = await auth.requireStaff(req, BACKOFFICE_ROLES);
    const n = Number(req.params.n);
    const view = Number.isSafeInteger(n) ? await recall(casino, store, req.params.id, n, v) : null;
    return view ?? fail('NOT_FOUND', `no coup ${echo(req.params.n)} recorded on table ${echo(req.params.id)}`);
  });

  app.get('/api/backoffice/figures', async (req, reply): Promise<FiguresView | string> => {
    await auth.requireStaff(req, BACKOFFICE_ROLES);
    const q = parse(S.figuresQuery, req.query, 'query');
    const table = q.table !== undefined ? await store.getTable(q.table) : null;
    // a table that does not exist is said, not an empty list (QA)
    if (q.table !== undefined && !table) return fail('UNKNOWN_TABLE', `no table ${echo(q.table)}`);
    const zone = table?.timeZone ?? 'UTC';
    const view = await figures(casino, store, q.date ?? today(zone), q.table);
    if (q.format !== 'csv') return view;
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="figures-${q.table ?? 'all'}-${view.date}.csv"`);
    return figuresCsv(view.date, view.tables);
  });

  app.get('/api/backoffice/cashier', async (req): Promise<CashierReportView> => {
    await auth.requireStaff(req, BACKOFFICE_ROLES);
    const q = parse(S.cashierQuery, req.query, 'query');
    const zone = q.tz ?? 'UTC';
    return cashierReport(store, q.date ?? today(zone), zone);
  });

  app.get('/api/backoffice/ledger', async (req): Promise<LedgerView> => {
    await auth.requireStaff(req, BACKOFFICE_ROLES);
    return casino.players.ledger();
  });

  app.get<{ Params: { id: string } }>('/api/backoffice/players/:id', async (req): Promise<PlayerFileView> => {
    await auth.requireStaff(req, BACKOFFICE_ROLES);
    const file = await playerFile(casino, store, req.params.id);
    return file ?? fail('UNKNOWN_PLAYER', `no player ${echo(req.params.id)}`);
  });
}
