/**
 * The staff audit trail (docs/API.md "Audit trail", issue 12 item 1): `GET /api/audit`, pit
 * boss and admin only, filtered by table, actor account, action and time, paged newest first
 * by cursor, as JSON or CSV. Each: parse -> store read -> reply.
 */
import type { FastifyInstance } from 'fastify';
import { actorIdOf, auditCsv } from '../../app/audit.ts';
import type { Casino } from '../../app/casino.ts';
import { auditQuery, type AuditView } from '../../protocol/audit.ts';
import { parse, type Auth } from '../http.ts';

/** Who reads the trail: the pit boss and the admin (the back office). */
const READERS = ['pitboss', 'admin'] as const;

/** Registers the audit route. */
export function auditRoutes(app: FastifyInstance, casino: Casino, auth: Auth): void {
  app.get('/api/audit', async (req, reply): Promise<AuditView | string> => {
    await auth.requireStaff(req, READERS);
    const { format, ...q } = parse(auditQuery, req.query, 'query');
    // the actor by account id or by the name the trail shows (QA)
    if (q.actor !== undefined) q.actor = await actorIdOf(casino.store, q.actor);
    const page = await casino.store.auditTrail(q);
    if (format !== 'csv') return page;
    reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="audit.csv"');
    if (page.next !== null) reply.header('x-next-cursor', String(page.next));
    return auditCsv(page.entries);
  });
}
