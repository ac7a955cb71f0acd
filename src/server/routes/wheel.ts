/**
 * Routes of the automatic wheel, the results board and the permanence (issue 13; docs/API.md
 * "Automatic wheel", "Results board", "Permanence"). Each: parse -> application call -> reply.
 * The board and the permanence are public (no login, no player data).
 */
import { STAFF_ROLES, VOID_ROLES } from '../../protocol/roles.ts';
import type { FastifyInstance } from 'fastify';
import { permanenceCsv, permanenceText } from '../../app/board.ts';
import { actorOf, tableAudit } from '../../app/audit.ts';
import type { Casino } from '../../app/casino.ts';
import { wheelStaffAction, wheelView } from '../../app/wheel-commands.ts';
import { echo } from '../../protocol/shape.ts';
import * as S from '../../protocol/messages.ts';
import type { BoardView, PermanenceView, WheelView } from '../../protocol/views-wheel.ts';
import { gamingDay } from '../../table/config.ts';
import { fail, parse, unwrap, type Auth, type TableParams } from '../http.ts';

/** Who may see the wheel and take it over with the keypad (or hand it back): every staff role. */
const ROLES = STAFF_ROLES;

/** Registers the wheel, board and permanence routes. */
export function wheelRoutes(app: FastifyInstance, casino: Casino, auth: Auth): void {
  app.get<TableParams>('/api/tables/:id/wheel', async (req): Promise<WheelView> => {
    await auth.requireStaff(req, ROLES);
    return unwrap(wheelView(casino, req.params.id));
  });

  for (const action of ['void', 'manual', 'auto'] as const)
    app.post<TableParams>(`/api/tables/:id/wheel/${action}`, async (req): Promise<WheelView> => {
      const v = await auth.requireStaff(req, action === 'void' ? VOID_ROLES : ROLES);
      const reason = action === 'void' ? parse(S.wheelVoidBody, req.body).reason : undefined;
      const by = (v as { name?: string }).name ?? v.role;
      const audit = tableAudit(actorOf(v), req.params.id, `wheel-${action}`, { reason });
      return unwrap(await wheelStaffAction(casino, req.params.id, action, by, reason, audit));
    });

  app.get<TableParams>('/api/tables/:id/board', async (req): Promise<BoardView> => {
    const view = await casino.board.board(req.params.id);
    return view ?? fail('UNKNOWN_TABLE', `no table ${echo(req.params.id)}`);
  });

  app.get<TableParams>('/api/tables/:id/permanence', async (req, reply): Promise<PermanenceView | string> => {
    const q = parse(S.permanenceQuery, req.query, 'query');
    const state = await casino.stateOf(req.params.id);
    if (!state) return fail('UNKNOWN_TABLE', `no table ${echo(req.params.id)}`);
    const date = q.date ?? gamingDay(casino.clockPort.now(), state.config.timeZone).date;
    const p = (await casino.board.permanence(req.params.id, date))!;
    const name = `permanence-${p.table}-${p.date}`;
    if (q.format === 'txt') {
      reply.type('text/plain; charset=utf-8').header('content-disposition', `inline; filename="${name}.txt"`);
      return permanenceText(p);
    }
    if (q.format === 'csv') {
      reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}.csv"`);
      return permanenceCsv(p);
    }
    return p;
  });
}
