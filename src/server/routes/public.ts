/**
 * Routes anyone may call (docs/API.md "Public"): health, the tables, their views per
 * viewer, their recorded coups. Each: parse -> application call -> reply.
 */
import type { FastifyInstance } from 'fastify';
import type { Casino } from '../../app/casino.ts';
import * as S from '../../protocol/messages.ts';
import { echo } from '../../protocol/shape.ts';
import type { IntegrityView } from '../../math/integrity/monitor.ts';
import { STAFF_ROLES } from '../../protocol/roles.ts';
import type { CoupView, HealthView, TableHistoryView, TablesView, TableView } from '../../protocol/views.ts';
import { fail, HttpError, parse, type Auth, type TableParams } from '../http.ts';
import { tableErr } from '../../protocol/errors.ts';

/** Registers the public routes. */
export function publicRoutes(app: FastifyInstance, casino: Casino, auth: Auth): void {
  const unknown = (id: string): never => {
    // a table being taken over (TABLE_MOVING) or whose recovery failed (TABLE_UNAVAILABLE) is not unknown
    const r = casino.running(id);
    if (!r.ok && (r.error.code === 'TABLE_MOVING' || r.error.code === 'TABLE_UNAVAILABLE'))
      throw new HttpError(r.error);
    return fail('UNKNOWN_TABLE', `no table ${echo(id)}`);
  };

  app.get('/api/health', async (): Promise<HealthView> => casino.health());

  app.get('/api/tables', async (): Promise<TablesView> => casino.views.tables());

  app.get<TableParams>(
    '/api/tables/:id',
    async (req): Promise<TableView> =>
      (await casino.views.tableView(req.params.id, await auth.viewerOf(req))) ?? unknown(req.params.id),
  );

  app.get<TableParams>('/api/tables/:id/history', async (req): Promise<TableHistoryView> => {
    const viewer = await auth.viewerOf(req);
    if (!(await casino.exists(req.params.id))) unknown(req.params.id);
    const q = parse(S.historyQuery, req.query, 'query');
    return casino.views.tableHistory(req.params.id, viewer, q.limit ?? 50, q.before);
  });

  // wheel-integrity statistics and alerts of a table run by this process (docs/MATH.md §6):
  // staff only, as the integrity-alert events (an alert would tell players which wheel to play)
  app.get<TableParams>('/api/tables/:id/integrity', async (req): Promise<IntegrityView> => {
    await auth.requireStaff(req, STAFF_ROLES);
    if (!(await casino.exists(req.params.id))) unknown(req.params.id);
    const view = casino.integrity.view(req.params.id);
    if (view) return view;
    // not run here: TABLE_ELSEWHERE (another process runs it: ask it), TABLE_UNOWNED (none does), ...
    const r = casino.running(req.params.id);
    throw new HttpError(r.ok ? tableErr('INTERNAL', `table ${echo(req.params.id)} has no statistics`) : r.error);
  });

  app.get<{ Params: { id: string; n: string } }>('/api/tables/:id/coups/:n', async (req): Promise<CoupView> => {
    const viewer = await auth.viewerOf(req);
    if (!(await casino.exists(req.params.id))) unknown(req.params.id);
    const view = await casino.views.coup(req.params.id, Number(req.params.n), viewer);
    return view ?? fail('NOT_FOUND', `no coup ${req.params.n} recorded on table ${req.params.id}`);
  });
}
