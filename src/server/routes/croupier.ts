/**
 * Routes of the staff (croupier, chef, pit boss, admin) (docs/API.md "Croupier"): the coup's steps, the result of
 * a physical wheel, the payment list. Each: parse -> application call -> reply.
 */
import type { FastifyInstance } from 'fastify';
import type { Casino } from '../../app/casino.ts';
import {
  confirmResult,
  correctResult,
  croupierResult,
  croupierStep,
  floor,
  payments,
  staffAction,
  staffRef,
} from '../../app/commands.ts';
import * as S from '../../protocol/messages.ts';
import type { TableFloorView } from '../../protocol/lists.ts';
import { STAFF_ROLES } from '../../protocol/roles.ts';
import type { CorrectionView, CroupierStepView, PaymentsView, ResultView } from '../../protocol/views.ts';
import { parse, unwrap, type Auth, type TableParams } from '../http.ts';

/** Every staff role runs a table's steps (issue 12 refines this per role and phase). */
const ROLES = STAFF_ROLES;
/** Who may void a coup: the chef de table and the pit boss (and the admin). */
const VOID_ROLES = ['chef', 'pitboss', 'admin'] as const;

/** Registers the croupier routes. */
export function croupierRoutes(app: FastifyInstance, casino: Casino, auth: Auth): void {
  for (const type of ['open', 'launch', 'close', 'pause'] as const)
    app.post<TableParams>(`/api/tables/:id/${type}`, async (req): Promise<CroupierStepView> => {
      await auth.requireStaff(req, ROLES);
      return unwrap(await croupierStep(casino, req.params.id, type));
    });

  app.post<TableParams>('/api/tables/:id/result', async (req): Promise<ResultView> => {
    const v = await auth.requireStaff(req, ROLES);
    const body = parse(S.resultBody, req.body);
    return unwrap(await croupierResult(casino, req.params.id, body.pocket, staffRef(v)));
  });

  app.get<TableParams>('/api/tables/:id/payments', async (req): Promise<PaymentsView> => {
    await auth.requireStaff(req, ROLES);
    return unwrap(await payments(casino, req.params.id));
  });

  app.get<TableParams>('/api/tables/:id/floor', async (req): Promise<TableFloorView> => {
    await auth.requireStaff(req, ROLES);
    return unwrap(await floor(casino, req.params.id));
  });

  // table operation (issue 12)
  app.post<TableParams>('/api/tables/:id/no-spin', async (req): Promise<CroupierStepView> => {
    const v = await auth.requireStaff(req, ROLES);
    const body = parse(S.noSpinBody, req.body);
    return unwrap(await staffAction(casino, req.params.id, staffRef(v), { type: 'no-spin', ...body }));
  });

  app.post<TableParams>('/api/tables/:id/void', async (req): Promise<CroupierStepView> => {
    const v = await auth.requireStaff(req, VOID_ROLES);
    const body = parse(S.voidBody, req.body);
    return unwrap(await staffAction(casino, req.params.id, staffRef(v), { type: 'void', reason: body.reason ?? '' }));
  });

  app.post<TableParams>('/api/tables/:id/result/confirm', async (req): Promise<ResultView> => {
    const v = await auth.requireStaff(req, ROLES);
    parse(S.confirmBody, req.body);
    return unwrap(await confirmResult(casino, req.params.id, staffRef(v)));
  });

  app.post<TableParams>('/api/tables/:id/result/correct', async (req): Promise<CorrectionView> => {
    const v = await auth.requireStaff(req, VOID_ROLES);
    const body = parse(S.correctBody, req.body);
    return unwrap(
      await correctResult(casino, req.params.id, staffRef(v), { pocket: body.pocket, reason: body.reason ?? '' }),
    );
  });
}
