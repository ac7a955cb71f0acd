/**
 * Routes of the staff (croupier, chef, pit boss, admin) (docs/API.md "Croupier"): the coup's steps, the result of
 * a physical wheel, the payment list. Each: parse -> application call -> reply.
 */
import type { FastifyInstance } from 'fastify';
import { actorOf, tableAudit } from '../../app/audit.ts';
import type { Casino } from '../../app/casino.ts';
import type { CommandAudit } from '../../app/driver-types.ts';
import type { TableState } from '../../table/machine.ts';
import type { AuditAction } from '../../protocol/audit.ts';
import {
  confirmResult,
  correctResult,
  croupierResult,
  croupierStep,
  derogate,
  floor,
  payments,
  seatCommand,
  staffAction,
  staffRef,
} from '../../app/commands.ts';
import * as S from '../../protocol/messages.ts';
import type { TableFloorView } from '../../protocol/lists.ts';
import { STAFF_ROLES, VOID_ROLES } from '../../protocol/roles.ts';
import { SEATS, seatOf, type SeatsJson, type SeatView } from '../../protocol/seats.ts';
import type { CommandView, CorrectionView, CroupierStepView, PaymentsView, ResultView } from '../../protocol/views.ts';
import { fail, parse, unwrap, type Auth, type TableParams } from '../http.ts';

/** Every staff role runs a table's steps (issue 12 refines this per role and phase). */
const ROLES = STAFF_ROLES;
/** The audit action of each table step ("open" opens the betting: `table-open`; "close" is rien ne va plus). */
const STEP_ACTION = { open: 'table-open', launch: 'launch', close: 'close', pause: 'pause' } as const;

/**
 * The audit line of an entered number: `result-entered`, or `result-entry-corrected` with both
 * numbers for a second entry before the confirmation; none for the same number again (nothing changed).
 */
function resultAudit(v: Parameters<typeof actorOf>[0], id: string, pocket: unknown): CommandAudit {
  const action = (prev: TableState): AuditAction => (prev.entered ? 'result-entry-corrected' : 'result-entered');
  const line = tableAudit(actorOf(v), id, action, {
    detail: (prev) => ({ before: { entered: prev.entered?.pocket ?? null }, after: { entered: pocket } }),
  });
  return (prev, step, now) => (step.state === prev ? null : line(prev, step, now));
}

/** Registers the croupier routes. */
export function croupierRoutes(app: FastifyInstance, casino: Casino, auth: Auth): void {
  for (const type of ['open', 'launch', 'close', 'pause'] as const)
    app.post<TableParams>(`/api/tables/:id/${type}`, async (req): Promise<CroupierStepView> => {
      const v = await auth.requireStaff(req, ROLES);
      const id = req.params.id;
      return unwrap(await croupierStep(casino, id, type, tableAudit(actorOf(v), id, STEP_ACTION[type])));
    });

  app.post<TableParams>('/api/tables/:id/result', async (req): Promise<ResultView> => {
    const v = await auth.requireStaff(req, ROLES);
    const body = parse(S.resultBody, req.body);
    const id = req.params.id;
    return unwrap(await croupierResult(casino, id, body.pocket, staffRef(v), resultAudit(v, id, body.pocket)));
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
    const audit = tableAudit(actorOf(v), req.params.id, 'no-spin', { reason: body.reason });
    return unwrap(await staffAction(casino, req.params.id, staffRef(v), { type: 'no-spin', ...body }, audit));
  });

  app.post<TableParams>('/api/tables/:id/void', async (req): Promise<CroupierStepView> => {
    const v = await auth.requireStaff(req, VOID_ROLES);
    const body = parse(S.voidBody, req.body);
    const reason = body.reason ?? '';
    const audit = tableAudit(actorOf(v), req.params.id, 'void', { reason });
    return unwrap(await staffAction(casino, req.params.id, staffRef(v), { type: 'void', reason }, audit));
  });

  app.post<TableParams>('/api/tables/:id/result/confirm', async (req): Promise<ResultView> => {
    const v = await auth.requireStaff(req, ROLES);
    const body = parse(S.confirmBody, req.body);
    const audit = tableAudit(actorOf(v), req.params.id, 'result-confirmed', {
      detail: (prev) => ({ before: { entered: prev.entered?.pocket ?? null } }),
    });
    return unwrap(await confirmResult(casino, req.params.id, staffRef(v), audit, body.pocket));
  });

  app.post<TableParams>('/api/tables/:id/result/correct', async (req): Promise<CorrectionView> => {
    const v = await auth.requireStaff(req, VOID_ROLES);
    const body = parse(S.correctBody, req.body);
    const reason = body.reason ?? '';
    const audit = tableAudit(actorOf(v), req.params.id, 'result-corrected', {
      reason,
      detail: (prev, step) => ({
        before: { pocket: prev.lastCoup?.pocket ?? null },
        after: { pocket: step.state.lastCoup?.pocket ?? null },
      }),
    });
    return unwrap(await correctResult(casino, req.params.id, staffRef(v), { pocket: body.pocket, reason }, audit));
  });

  // the chef's derogation (RULES §6): every staff role is heard, only the chef de table may
  app.post<TableParams>('/api/tables/:id/derogations', async (req, reply) => {
    const v = await auth.requireStaff(req, ROLES);
    if (v.role !== 'chef')
      fail('DEROGATION_CHEF_ONLY', `only the chef de table may accept a bet by derogation (you are ${v.role})`);
    const body = parse(S.derogationBody, req.body);
    const reason = body.reason ?? '';
    const audit = tableAudit(actorOf(v), req.params.id, 'derogation', {
      reason,
      detail: (prev) => ({
        after: { player: body.playerId, betId: `c${prev.coup}-${prev.nextBetSeq}`, bet: body.bet },
      }),
    });
    const view: CommandView = unwrap(
      await derogate(casino, req.params.id, staffRef(v), { playerId: body.playerId, bet: body.bet, reason }, audit),
    );
    return reply.code(201).send(view);
  });

  seatRoutes(app, casino, auth);
}

/**
 * The seats of the table (issue 12 item 1, src/table/seats.ts): every staff role is heard, the
 * table decides (the chef's seat: chef or above; clearing another's seat: pit boss or admin).
 */
function seatRoutes(app: FastifyInstance, casino: Casino, auth: Auth): void {
  for (const action of ['take', 'leave'] as const)
    app.post<TableParams>(
      action === 'take' ? '/api/tables/:id/seats' : '/api/tables/:id/seats/leave',
      async (req): Promise<SeatView> => {
        const v = await auth.requireStaff(req, ROLES);
        const { seat } = parse(S.seatBody, req.body);
        const id = req.params.id;
        const audit = tableAudit(actorOf(v), id, action === 'take' ? 'seat-taken' : 'seat-left', {
          detail: (prev, step) => seatAudit(prev.seats, step.state.seats, seat),
        });
        return unwrap(await seatCommand(casino, id, staffRef(v), v.name, action, seat, audit));
      },
    );
}

/** The audit detail of a seat change: the seat and its holder before and after (account and name). */
function seatAudit(before: SeatsJson | undefined, after: SeatsJson | undefined, raw: string) {
  const seat = seatOf(raw);
  const who = (x: SeatsJson | undefined) => {
    const h = seat ? x?.[seat] : null;
    return h ? { account: h.account, name: h.name } : null;
  };
  // a rotation (taking a seat while holding another) leaves the old seat in the same step: named here
  const taker = seat ? after?.[seat]?.account : undefined;
  const left = SEATS.filter((s) => s !== seat && taker && before?.[s]?.account === taker && !after?.[s]);
  return {
    before: { seat, holder: who(before) },
    after: { seat, holder: who(after), ...(left.length ? { left: left[0] } : {}) },
  };
}
