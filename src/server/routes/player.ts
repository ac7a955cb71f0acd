/**
 * Routes of a logged-in player (docs/API.md "Player"): wallet, own history, and the
 * table commands (bets, undo, clear, rebet, double, prisoner choices). Each: parse ->
 * application call -> reply (with the wallet after a command).
 */
import type { FastifyInstance } from 'fastify';
import type { Casino } from '../../app/casino.ts';
import { playerCommandWithBalance, type PlayerCommand } from '../../app/commands.ts';
import * as S from '../../protocol/messages.ts';
import type { CommandView, HistoryView, MeView, TransactionsView } from '../../protocol/views.ts';
import { fail, parse, unwrap, type Auth, type TableParams } from '../http.ts';

/** Registers the player routes. */
export function playerRoutes(app: FastifyInstance, casino: Casino, auth: Auth): void {
  const command = async (tableId: string, playerId: string, cmd: PlayerCommand): Promise<CommandView> =>
    unwrap(await playerCommandWithBalance(casino, tableId, playerId, cmd));

  app.get('/api/me', async (req): Promise<MeView> => {
    const v = await auth.viewerOf(req);
    if (v.role === 'guest') return fail('UNAUTHORIZED', 'no token');
    return casino.players.me(v);
  });

  app.get('/api/me/history', async (req): Promise<HistoryView> => {
    const playerId = await auth.requirePlayer(
      req,
      'only players have a history of their own coups (staff: GET /api/tables/:id/history)',
    );
    const q = parse(S.historyQuery, req.query, 'query');
    return casino.views.history(playerId, q.limit ?? 10, q.before);
  });

  app.get('/api/me/transactions', async (req): Promise<TransactionsView> => {
    const playerId = await auth.requirePlayer(req, 'only players have a wallet (admin: GET /api/admin/ledger)');
    const q = parse(S.historyQuery, req.query, 'query');
    return { transactions: await casino.players.transactions(playerId, q.limit ?? 50) };
  });

  app.post<TableParams>('/api/tables/:id/bets', async (req, reply) => {
    const playerId = await auth.requirePlayer(req);
    const body = parse(S.placeBody, req.body);
    const view = await command(req.params.id, playerId, { type: 'bet', requestId: body.requestId, bet: body.bet });
    return reply.code(201).send(view);
  });

  app.delete<{ Params: { id: string; betId: string } }>(
    '/api/tables/:id/bets/:betId',
    async (req): Promise<CommandView> =>
      command(req.params.id, await auth.requirePlayer(req), { type: 'undo', betId: req.params.betId }),
  );

  for (const kind of ['undo', 'clear'] as const)
    app.post<TableParams>(`/api/tables/:id/${kind}`, async (req): Promise<CommandView> => {
      const playerId = await auth.requirePlayer(req);
      const body = parse(S.optionalRequestBody, req.body);
      return command(req.params.id, playerId, { type: kind, ...(body.requestId ? { requestId: body.requestId } : {}) });
    });

  for (const kind of ['rebet', 'double'] as const)
    app.post<TableParams>(`/api/tables/:id/${kind}`, async (req, reply) => {
      const playerId = await auth.requirePlayer(req);
      const body = parse(S.requestBody, req.body);
      return reply.code(201).send(await command(req.params.id, playerId, { type: kind, requestId: body.requestId }));
    });

  app.post<{ Params: { id: string; pid: string } }>(
    '/api/tables/:id/prisoners/:pid',
    async (req): Promise<CommandView> => {
      const playerId = await auth.requirePlayer(req);
      const body = parse(S.choiceBody, req.body);
      return command(req.params.id, playerId, {
        type: 'choose',
        prisonerId: req.params.pid,
        choice: body.choice,
        ...(body.chance ? { chance: body.chance } : {}),
        ...(body.onZero ? { onZero: body.onZero } : {}),
        ...(body.requestId ? { requestId: body.requestId } : {}),
      });
    },
  );
}
