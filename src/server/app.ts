/**
 * The table server: Fastify HTTP API + WebSocket live events over a {@link Casino}
 * (docs/API.md is the reference of every route, payload, event and error code).
 *
 * Roles: `player` (bearer token from POST /api/login), `croupier` and `admin` (bearer tokens
 * from the configuration). Errors are `{"error": {code, message, betId?, detail?}}` with a
 * stable code; request bodies and WebSocket messages are validated with zod.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { WebSocket } from 'ws';
import type { z } from 'zod';
import type { TableError } from '../table/errors.ts';
import { tableErr } from '../table/errors.ts';
import { clip, echo, jsonShapeProblem, MAX_JSON_DEPTH, MAX_JSON_NODES, MESSAGE_MAX } from '../table/shape.ts';
import { playerAccount } from '../table/ledger.ts';
import type { CoupRecord, PrisonerChoice, Published, TableEvent } from '../table/machine.ts';
import type { Reply } from '../table/runtime.ts';
import { tableConfigJson, tableView, type Viewer } from '../table/view.ts';
import type { Casino } from './casino.ts';
import * as S from './schemas.ts';

/** HTTP status of each error code (anything else: 422). */
const STATUS: Record<string, number> = {
  INVALID_REQUEST: 400,
  UNAUTHORIZED: 401,
  UNSUPPORTED_AUTH_SCHEME: 401,
  FORBIDDEN: 403,
  UNKNOWN_TABLE: 404,
  UNKNOWN_PLAYER: 404,
  NOT_FOUND: 404,
  BET_NOT_FOUND: 404,
  PRISONER_NOT_FOUND: 404,
  REGISTRATION_CLOSED: 403,
  TABLE_EXISTS: 409,
  PLAYER_EXISTS: 409,
  REQUEST_ID_REUSED: 409,
  TABLE_CLOSED: 409,
  TABLE_ELSEWHERE: 409,
  NO_MORE_BETS: 409,
  WRONG_PHASE: 409,
  WRONG_MODE: 409,
  CHOICE_CLOSED: 409,
  INTERNAL: 500,
};

/** How many of a player's newest wallet transactions GET /api/me/history searches for partages. */
const PARTAGE_LOOKBACK = 2000;

/** Options of the HTTP server. */
export interface ServerOptions {
  casino: Casino;
  logger?: Logger;
  /** Directory of the web table (default: the repository's web/). */
  webDir?: string;
}

class HttpError extends Error {
  constructor(readonly error: TableError) {
    super(error.message);
  }
}

const fail = (code: TableError['code'], message: string, detail?: Record<string, unknown>): never => {
  throw new HttpError(tableErr(code, message, detail));
};

/** An error as sent to a client: its message never longer than MESSAGE_MAX characters. */
const outward = (e: TableError): TableError =>
  e.message.length > MESSAGE_MAX ? { ...e, message: clip(e.message, MESSAGE_MAX) } : e;

function parse<T extends z.ZodType>(schema: T, value: unknown, where: 'body' | 'query' = 'body'): z.infer<T> {
  // the shape first, without recursion (a document nested 20000 deep must not reach zod,
  // the fingerprints or the store)
  const problem = jsonShapeProblem(value);
  if (problem) fail('INVALID_REQUEST', `${where}: ${problem}`, { maxDepth: MAX_JSON_DEPTH, maxValues: MAX_JSON_NODES });
  const r = schema.safeParse(value ?? {});
  if (!r.success) fail('INVALID_REQUEST', S.zodMessage(r.error, where));
  return (r as { data: z.infer<T> }).data;
}

/** A player may see their own bets of a recorded coup only; guests the result only; staff everything. */
export function redactCoup(rec: CoupRecord, viewer: Viewer): unknown {
  if (viewer.role === 'croupier' || viewer.role === 'admin') return rec;
  const me = viewer.role === 'player' ? viewer.playerId : null;
  const settlement = rec.settlement as {
    bets?: Record<string, unknown>;
    owners?: Record<string, string>;
    payments?: Array<{ betId: string }>;
  } | null;
  const owners = settlement?.owners ?? {};
  const mine = (id: string) => me !== null && owners[id] === me;
  return {
    ...rec,
    bets: rec.bets.filter((b) => b.playerId === me),
    players: me && rec.players[me] ? { [me]: rec.players[me] } : {},
    settlement: settlement
      ? {
          ...settlement,
          owners: undefined,
          bets: Object.fromEntries(Object.entries(settlement.bets ?? {}).filter(([id]) => mine(id))),
          payments: (settlement.payments ?? []).filter((p) => mine(p.betId)),
        }
      : null,
  };
}

/** The largest WebSocket message a client may send (bytes, docs/API.md); a larger one closes the socket with 1009. */
export const WS_MAX_PAYLOAD = 64 * 1024;

/** Builds the Fastify server (not listening yet). */
export async function buildServer(opts: ServerOptions): Promise<FastifyInstance> {
  const { casino } = opts;
  const app = Fastify({
    ...(opts.logger ? { loggerInstance: opts.logger as unknown as FastifyBaseLogger } : { logger: false }),
    bodyLimit: 256 * 1024,
  });
  await app.register(fastifyWebsocket, {
    options: { maxPayload: WS_MAX_PAYLOAD },
    // A client breaking the WebSocket protocol (a message over WS_MAX_PAYLOAD: ws closes with
    // 1009; a bad frame: 1002 / 1007) is the client's fault, not a server error: a warning
    // without a stack, and ws finishes the close handshake. Anything else is a server error.
    errorHandler: (error, socket, request) => {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && code.startsWith('WS_ERR_')) {
        request.log.warn({ wsError: code, maxPayload: WS_MAX_PAYLOAD }, `websocket closed: ${error.message}`);
        return;
      }
      request.log.error({ err: error }, 'websocket failed');
      socket.terminate();
    },
  });
  // an empty JSON body counts as {} (croupier commands carry none)
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '' || (typeof body === 'string' && body.trim() === '')) return done(null, undefined);
    return jsonParser(req, String(body), done);
  });

  app.setErrorHandler((e, req, reply) => {
    if (e instanceof HttpError) return reply.code(STATUS[e.error.code] ?? 422).send({ error: outward(e.error) });
    const err = e as { statusCode?: number; message?: string; code?: string };
    if (err.statusCode && err.statusCode < 500)
      return reply.code(400).send({ error: outward(tableErr('INVALID_REQUEST', err.message ?? 'bad request')) });
    req.log.error({ err: e }, 'request failed');
    return reply.code(500).send({ error: tableErr('INTERNAL', 'internal error') });
  });
  app.setNotFoundHandler((req, reply) =>
    reply.code(404).send({ error: tableErr('NOT_FOUND', `no route ${req.method} ${clip(req.url.split('?')[0])}`) }),
  );

  // ---------------------------------------------------------------------------- auth helpers
  /**
   * The bearer token of a request, or undefined without an Authorization header. The scheme is
   * case-insensitive (RFC 9110); another scheme is a 401 UNSUPPORTED_AUTH_SCHEME and an empty
   * token a 401 UNAUTHORIZED — never a silent guest.
   */
  const bearer = (req: FastifyRequest): string | undefined => {
    const h = req.headers.authorization;
    if (h === undefined) return undefined;
    const m = /^\s*(\S+)(?:\s+(.*))?$/s.exec(h);
    if (!m || m[1].toLowerCase() !== 'bearer')
      fail('UNSUPPORTED_AUTH_SCHEME', `send "Authorization: Bearer <token>" (got the ${echo(m?.[1] ?? '')} scheme)`);
    const token = (m![2] ?? '').trim();
    if (!token) fail('UNAUTHORIZED', 'the Authorization header has an empty bearer token');
    return token;
  };
  // every API route checks the header, also those a guest may use
  app.addHook('onRequest', async (req) => {
    if (req.url.startsWith('/api/')) bearer(req);
  });
  const viewerOf = async (req: FastifyRequest): Promise<Viewer> => {
    const token = bearer(req);
    if (!token) return { role: 'guest' };
    const v = await casino.authenticate(token);
    if (!v) fail('UNAUTHORIZED', 'unknown or expired token');
    return v as Viewer;
  };
  /** The player of a request; `forbidden` tells staff what they asked for is a player's. */
  const requirePlayer = async (
    req: FastifyRequest,
    forbidden = 'only players place bets and make prisoner choices',
  ): Promise<string> => {
    const v = await viewerOf(req);
    if (v.role === 'guest')
      fail('UNAUTHORIZED', 'log in first (POST /api/login) and send "Authorization: Bearer <token>"');
    if (v.role !== 'player') fail('FORBIDDEN', forbidden);
    return (v as { playerId: string }).playerId;
  };
  const requireStaff = async (req: FastifyRequest, roles: Array<'croupier' | 'admin'>): Promise<Viewer> => {
    const v = await viewerOf(req);
    if (v.role === 'guest') fail('UNAUTHORIZED', 'a croupier or admin token is needed');
    if (!roles.includes(v.role as 'croupier' | 'admin')) fail('FORBIDDEN', `this needs the ${roles.join(' or ')} role`);
    return v;
  };
  const tableOf = (id: string) =>
    casino.table(id) ??
    (casino.remote.has(id)
      ? fail('TABLE_ELSEWHERE', `table ${id} runs in another process: send its commands there`, { table: id })
      : fail('UNKNOWN_TABLE', `no table ${echo(id)}`));
  const stateOf = async (id: string) => (await casino.stateOf(id)) ?? fail('UNKNOWN_TABLE', `no table ${echo(id)}`);
  const answer = async (reply: FastifyReply, r: Reply, playerId?: string, status = 200) => {
    if (!r.ok) throw new HttpError(r.error);
    const body = { ...(r.value as Record<string, unknown> | null) };
    if (playerId) body.balance = await casino.store.balance(playerAccount(playerId));
    return reply.code(status).send(body);
  };

  // ---------------------------------------------------------------------------- shared commands
  /** Player commands, shared by HTTP and WebSocket. */
  const playerCommand = (
    tableId: string,
    playerId: string,
    cmd:
      | { type: 'bet'; requestId: string; bet: Record<string, unknown> }
      | { type: 'undo'; requestId?: string; betId?: string }
      | { type: 'clear'; requestId?: string }
      | { type: 'rebet' | 'double'; requestId: string }
      | {
          type: 'choose';
          requestId?: string;
          prisonerId: string;
          choice: PrisonerChoice;
          chance?: string;
          onZero?: 'partage' | 'prison';
        },
  ): Promise<Reply> => {
    const t = tableOf(tableId);
    switch (cmd.type) {
      case 'bet':
        return t.playerCommand(playerId, (now, available) => ({
          type: 'place',
          now,
          playerId,
          requestId: cmd.requestId,
          bet: cmd.bet,
          available,
        }));
      case 'rebet':
      case 'double':
        return t.playerCommand(playerId, (now, available) => ({
          type: cmd.type,
          now,
          playerId,
          requestId: cmd.requestId,
          available,
        }));
      case 'undo':
        return t.dispatch((_tx, now) => ({
          type: 'undo',
          now,
          playerId,
          ...(cmd.betId !== undefined ? { betId: cmd.betId } : {}),
          ...(cmd.requestId ? { requestId: cmd.requestId } : {}),
        }));
      case 'clear':
        return t.dispatch((_tx, now) => ({
          type: 'clear',
          now,
          playerId,
          ...(cmd.requestId ? { requestId: cmd.requestId } : {}),
        }));
      case 'choose':
        return t.dispatch((_tx, now) => ({
          type: 'choose',
          now,
          playerId,
          prisonerId: cmd.prisonerId,
          choice: cmd.choice,
          ...(cmd.chance ? { chance: cmd.chance } : {}),
          ...(cmd.onZero ? { onZero: cmd.onZero } : {}),
          ...(cmd.requestId ? { requestId: cmd.requestId } : {}),
        }));
    }
  };

  /** The names of players by id (`{playerId: name}`), for the croupier console. */
  const playerNames = async (ids: Iterable<string>): Promise<Record<string, string>> => {
    const names: Record<string, string> = {};
    for (const id of new Set(ids)) {
      const p = await casino.store.getPlayer(id);
      if (p) names[id] = p.name;
    }
    return names;
  };
  const viewFor = async (tableId: string, viewer: Viewer) => {
    const state = await stateOf(tableId);
    const view = tableView(state, viewer);
    // staff also get the names of the players on the table (bets, prisoners, last payments)
    const staff = viewer.role === 'croupier' || viewer.role === 'admin';
    const names = staff
      ? {
          names: await playerNames([
            ...state.bets.map((b) => b.playerId),
            ...state.prisoners.map((p) => p.playerId),
            ...Object.values(state.lastCoup?.owners ?? {}),
          ]),
        }
      : {};
    return {
      ...view,
      ...names,
      serverTime: Date.now(),
      ...(viewer.role === 'player' ? { balance: await casino.store.balance(playerAccount(viewer.playerId)) } : {}),
    };
  };

  // ---------------------------------------------------------------------------- public & player routes
  app.get('/api/health', async () => ({
    ok: true,
    store: casino.store.kind,
    tables: [...casino.tables.keys()],
    remoteTables: [...casino.remote],
    // for the login screen: may a new name play, and the demo players to offer
    registration: casino.registration,
    ...(casino.registration ? { welcomeBalance: casino.welcomeBalance } : {}),
    demoPlayers: casino.demoPlayers,
    serverTime: Date.now(),
  }));

  app.post('/api/login', async (req) => {
    const body = parse(S.loginBody, req.body);
    // register: true = a new player only, false = an existing player only, absent = either
    const r = await casino.login(body.name, body.register === undefined ? {} : { register: body.register });
    if (!r.ok) throw new HttpError(r.error);
    return { ...r.value, role: 'player', balance: await casino.store.balance(playerAccount(r.value.playerId)) };
  });

  app.post('/api/logout', async (req) => {
    const v = await viewerOf(req);
    if (v.role !== 'player')
      fail(
        v.role === 'guest' ? 'UNAUTHORIZED' : 'FORBIDDEN',
        'only player sessions log out (staff tokens are configured)',
      );
    await casino.store.transaction((tx) => tx.deleteSession(bearer(req)!));
    return { ok: true };
  });

  app.get('/api/me', async (req) => {
    const v = await viewerOf(req);
    if (v.role === 'guest') fail('UNAUTHORIZED', 'no token');
    if (v.role !== 'player') return { role: v.role };
    const p = await casino.store.getPlayer(v.playerId);
    return {
      role: 'player',
      playerId: v.playerId,
      name: p?.name,
      balance: await casino.store.balance(playerAccount(v.playerId)),
    };
  });

  app.get('/api/me/history', async (req) => {
    const playerId = await requirePlayer(
      req,
      'only players have a history of their own coups (staff: GET /api/tables/:id/history)',
    );
    const q = parse(S.historyQuery, req.query, 'query');
    const coups = await casino.store.playerHistory(playerId, q.limit ?? 10, q.before);
    // la partage taken in a zero's choice window is booked after the settlement: it belongs to
    // the zero's coup (memo.since) — its half back is part of that coup's net
    const partages = new Map<string, Array<{ prisoner: string; chance?: string; returned: number; at: number }>>();
    if (coups.length > 0) {
      const account = playerAccount(playerId);
      for (const tx of await casino.store.transactions(account, PARTAGE_LOOKBACK)) {
        if (tx.kind !== 'partage' || !tx.tableId) continue;
        const memo = (tx.memo ?? {}) as { prisoner?: string; since?: number; chance?: string };
        const key = `${tx.tableId}/${typeof memo.since === 'number' ? memo.since : tx.coup}`;
        const returned = tx.postings.filter((p) => p.account === account).reduce((a, p) => a + p.amount, 0);
        partages.set(key, [
          ...(partages.get(key) ?? []),
          { prisoner: memo.prisoner ?? '', ...(memo.chance ? { chance: memo.chance } : {}), returned, at: tx.at },
        ]);
      }
    }
    return {
      coups: coups.map((c) => {
        const mine = partages.get(`${c.tableId}/${c.number}`) ?? [];
        const partage = mine.reduce((a, p) => a + p.returned, 0);
        // the coup's wallet change: what the settlement booked (after − before) less the new
        // stakes of the coup, plus any half back; prisoners' stakes were counted in their own coup
        return { ...c, partages: mine, partage, net: c.balanceAfter - c.balanceBefore - c.staked + partage };
      }),
    };
  });

  app.get('/api/me/transactions', async (req) => {
    const playerId = await requirePlayer(req, 'only players have a wallet (admin: GET /api/admin/ledger)');
    const q = parse(S.historyQuery, req.query, 'query');
    return { transactions: await casino.store.transactions(playerAccount(playerId), q.limit ?? 50) };
  });

  app.get('/api/tables', async () => ({
    tables: (await casino.allStates()).map(({ state: s, here }) => ({
      ...tableConfigJson(s.config),
      phase: s.phase,
      coup: s.coup,
      deadline: s.deadline,
      history: s.history.slice(0, 12),
      here,
    })),
    serverTime: Date.now(),
  }));

  app.get<{ Params: { id: string } }>('/api/tables/:id', async (req) => viewFor(req.params.id, await viewerOf(req)));

  app.get<{ Params: { id: string } }>('/api/tables/:id/history', async (req) => {
    const viewer = await viewerOf(req);
    await stateOf(req.params.id);
    const q = parse(S.historyQuery, req.query, 'query');
    const coups = await casino.store.tableHistory(req.params.id, q.limit ?? 50, q.before);
    return { coups: coups.map((c) => redactCoup(c, viewer)) };
  });

  app.get<{ Params: { id: string; n: string } }>('/api/tables/:id/coups/:n', async (req) => {
    const viewer = await viewerOf(req);
    if (!(await casino.store.getTable(req.params.id))) fail('UNKNOWN_TABLE', `no table ${echo(req.params.id)}`);
    const n = Number(req.params.n);
    const rec = Number.isInteger(n) ? await casino.store.coup(req.params.id, n) : null;
    if (!rec) fail('NOT_FOUND', `no coup ${req.params.n} recorded on table ${req.params.id}`);
    const balances = await casino.store.coupBalances(req.params.id, n);
    const staff = viewer.role === 'croupier' || viewer.role === 'admin';
    const mine = viewer.role === 'player' ? { [viewer.playerId]: balances[viewer.playerId] } : {};
    return {
      coup: redactCoup(rec as CoupRecord, viewer),
      balances: staff ? balances : viewer.role === 'player' && balances[viewer.playerId] ? mine : {},
    };
  });

  app.post<{ Params: { id: string } }>('/api/tables/:id/bets', async (req, reply) => {
    const playerId = await requirePlayer(req);
    const body = parse(S.placeBody, req.body);
    return answer(
      reply,
      await playerCommand(req.params.id, playerId, { type: 'bet', requestId: body.requestId, bet: body.bet }),
      playerId,
      201,
    );
  });

  app.delete<{ Params: { id: string; betId: string } }>('/api/tables/:id/bets/:betId', async (req, reply) => {
    const playerId = await requirePlayer(req);
    return answer(
      reply,
      await playerCommand(req.params.id, playerId, { type: 'undo', betId: req.params.betId }),
      playerId,
    );
  });

  for (const kind of ['undo', 'clear'] as const) {
    app.post<{ Params: { id: string } }>(`/api/tables/:id/${kind}`, async (req, reply) => {
      const playerId = await requirePlayer(req);
      const body = parse(S.optionalRequestBody, req.body);
      return answer(
        reply,
        await playerCommand(req.params.id, playerId, {
          type: kind,
          ...(body.requestId ? { requestId: body.requestId } : {}),
        }),
        playerId,
      );
    });
  }
  for (const kind of ['rebet', 'double'] as const) {
    app.post<{ Params: { id: string } }>(`/api/tables/:id/${kind}`, async (req, reply) => {
      const playerId = await requirePlayer(req);
      const body = parse(S.requestBody, req.body);
      return answer(
        reply,
        await playerCommand(req.params.id, playerId, { type: kind, requestId: body.requestId }),
        playerId,
        201,
      );
    });
  }

  app.post<{ Params: { id: string; pid: string } }>('/api/tables/:id/prisoners/:pid', async (req, reply) => {
    const playerId = await requirePlayer(req);
    const body = parse(S.choiceBody, req.body);
    return answer(
      reply,
      await playerCommand(req.params.id, playerId, {
        type: 'choose',
        prisonerId: req.params.pid,
        choice: body.choice,
        ...(body.chance ? { chance: body.chance } : {}),
        ...(body.onZero ? { onZero: body.onZero } : {}),
        ...(body.requestId ? { requestId: body.requestId } : {}),
      }),
      playerId,
    );
  });

  // ---------------------------------------------------------------------------- croupier routes
  const croupierEvent =
    (type: 'open' | 'launch' | 'close' | 'pause') =>
    async (req: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      await requireStaff(req, ['croupier', 'admin']);
      const t = tableOf(req.params.id);
      const r = await t.dispatch((_tx, now) => ({ type, now }) as TableEvent);
      if (!r.ok) throw new HttpError(r.error);
      return reply.send({
        ...(r.value as object | null),
        phase: t.state.phase,
        coup: t.state.coup,
        deadline: t.state.deadline,
      });
    };
  for (const type of ['open', 'launch', 'close', 'pause'] as const)
    app.post(`/api/tables/:id/${type}`, croupierEvent(type));

  app.post<{ Params: { id: string } }>('/api/tables/:id/result', async (req, reply) => {
    await requireStaff(req, ['croupier', 'admin']);
    const body = parse(S.resultBody, req.body);
    const t = tableOf(req.params.id);
    const r = await t.dispatch((_tx, now) => ({ type: 'result', now, pocket: body.pocket, source: 'croupier' }));
    if (!r.ok) throw new HttpError(r.error);
    return reply.send({ coup: t.state.lastCoup });
  });

  app.get<{ Params: { id: string } }>('/api/tables/:id/payments', async (req) => {
    await requireStaff(req, ['croupier', 'admin']);
    const t = tableOf(req.params.id);
    const last = t.state.lastCoup;
    if (!last) fail('NOT_FOUND', 'no coup has been settled on this table yet');
    return {
      coup: last!.number,
      pocket: last!.pocket,
      announcement: last!.announcement,
      croupiers: last!.croupiers,
      payments: last!.payments,
      owners: last!.owners,
      names: await playerNames(Object.values(last!.owners ?? {})),
    };
  });

  // ---------------------------------------------------------------------------- admin routes
  app.get('/api/admin/tables', async (req) => {
    await requireStaff(req, ['admin']);
    return {
      tables: [...casino.tables.values()].map((t) => ({
        ...tableConfigJson(t.state.config),
        phase: t.state.phase,
        coup: t.state.coup,
        events: t.sequence,
      })),
    };
  });

  app.post('/api/admin/tables', async (req, reply) => {
    await requireStaff(req, ['admin']);
    const { open, ...body } = parse(S.createTableBody, req.body);
    const r = await casino.createTable(body as Parameters<Casino['createTable']>[0]);
    if (!r.ok) throw new HttpError(r.error);
    if (open) await casino.table(r.value.id)!.dispatch((_tx, now) => ({ type: 'open', now }));
    return reply.code(201).send({ table: tableConfigJson(r.value), phase: casino.table(r.value.id)!.state.phase });
  });

  app.patch<{ Params: { id: string } }>('/api/admin/tables/:id', async (req) => {
    await requireStaff(req, ['admin']);
    const patch = parse(S.configureBody, req.body);
    const t = tableOf(req.params.id);
    const r = await t.dispatch((_tx, now) => ({
      type: 'configure',
      now,
      patch: patch as Extract<TableEvent, { type: 'configure' }>['patch'],
    }));
    if (!r.ok) throw new HttpError(r.error);
    return { table: tableConfigJson(t.state.config) };
  });

  app.get('/api/admin/players', async (req) => {
    await requireStaff(req, ['admin']);
    return { players: await casino.store.listPlayers() };
  });

  app.post('/api/admin/players', async (req, reply) => {
    await requireStaff(req, ['admin']);
    const body = parse(S.createPlayerBody, req.body);
    const r = await casino.createPlayer(body.name, body.deposit ?? 0);
    if (!r.ok) throw new HttpError(r.error);
    return reply.code(201).send({ player: r.value });
  });

  for (const kind of ['deposit', 'withdraw'] as const) {
    app.post<{ Params: { pid: string } }>(`/api/admin/players/:pid/${kind}`, async (req) => {
      await requireStaff(req, ['admin']);
      const body = parse(S.cashBody, req.body);
      const r = await casino.cash(req.params.pid, body.amount, kind);
      if (!r.ok) throw new HttpError(r.error);
      return { playerId: req.params.pid, balance: r.value.balance };
    });
  }

  app.get('/api/admin/ledger', async (req) => {
    await requireStaff(req, ['admin']);
    return { audit: await casino.store.audit(), accounts: await casino.store.accounts() };
  });

  // ---------------------------------------------------------------------------- WebSocket
  /** The client's request id of a message, when it has a usable one. */
  const requestIdOf = (raw: unknown): { requestId?: string } => {
    const id =
      raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as { requestId?: unknown }).requestId : undefined;
    return typeof id === 'string' && id.length >= 1 && id.length <= 64 ? { requestId: id } : {};
  };
  interface Conn {
    socket: WebSocket;
    viewer: Viewer;
    tables: Set<string>;
  }
  const conns = new Set<Conn>();
  const send = (c: Conn, msg: unknown) => {
    if (c.socket.readyState === 1) c.socket.send(JSON.stringify(msg));
  };
  const unsubscribe = casino.bus.subscribe((m: Published) => {
    for (const c of conns) {
      const a = m.audience;
      if (a.kind === 'player') {
        if (
          c.viewer.role === 'player' &&
          c.viewer.playerId === a.playerId &&
          (m.event.type === 'balance' || c.tables.has(m.event.table))
        )
          send(c, m.event);
      } else if (!c.tables.has(m.event.table)) continue;
      else if (a.kind === 'table' || c.viewer.role === 'croupier' || c.viewer.role === 'admin') send(c, m.event);
    }
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    for (const c of conns) c.socket.close(1001, 'server closing');
  });

  app.get('/ws', { websocket: true }, async (socket: WebSocket, req: FastifyRequest) => {
    const token = (req.query as Record<string, string | undefined>).token;
    const queued: string[] = [];
    const early = (d: unknown) => queued.push(String(d));
    socket.on('message', early);
    const viewer = token ? await casino.authenticate(token) : ({ role: 'guest' } as Viewer);
    if (!viewer) {
      socket.send(JSON.stringify({ type: 'error', error: tableErr('UNAUTHORIZED', 'unknown token') }));
      socket.close(4001, 'unauthorized');
      return;
    }
    const c: Conn = { socket, viewer, tables: new Set() };
    conns.add(c);
    socket.on('close', () => conns.delete(c));
    /**
     * A failure: a message with a request id (every command) gets `{type: "reply", requestId,
     * ok: false, error}` like any other answer to it; one without gets `{type: "error", error}`.
     */
    const refuse = (requestId: { requestId?: string }, error: TableError) =>
      send(
        c,
        requestId.requestId !== undefined
          ? { type: 'reply', requestId: requestId.requestId, ok: false, error: outward(error) }
          : { type: 'error', error: outward(error) },
      );
    const handle = async (text: string) => {
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch {
        return refuse({}, tableErr('INVALID_REQUEST', 'messages are JSON objects'));
      }
      const problem = jsonShapeProblem(raw);
      if (problem)
        return refuse(
          requestIdOf(raw),
          tableErr('INVALID_REQUEST', problem, { maxDepth: MAX_JSON_DEPTH, maxValues: MAX_JSON_NODES }),
        );
      const r = S.clientMessage.safeParse(raw);
      if (!r.success) return refuse(requestIdOf(raw), tableErr('INVALID_REQUEST', S.zodMessage(r.error, 'message')));
      const msg = r.data;
      try {
        switch (msg.type) {
          case 'ping':
            return send(c, { type: 'pong', ...(msg.id ? { id: msg.id } : {}), serverTime: Date.now() });
          case 'subscribe':
            await stateOf(msg.table);
            c.tables.add(msg.table);
            return send(c, { type: 'state', table: msg.table, state: await viewFor(msg.table, viewer) });
          case 'unsubscribe':
            c.tables.delete(msg.table);
            return send(c, { type: 'unsubscribed', table: msg.table });
          default: {
            if (viewer.role !== 'player')
              fail(
                viewer.role === 'guest' ? 'UNAUTHORIZED' : 'FORBIDDEN',
                'only logged-in players send table commands',
              );
            const playerId = (viewer as { playerId: string }).playerId;
            const { table, requestId } = msg;
            const res = await playerCommand(
              table,
              playerId,
              msg.type === 'bet'
                ? { type: 'bet', requestId, bet: msg.bet }
                : msg.type === 'undo'
                  ? { type: 'undo', requestId, ...(msg.betId ? { betId: msg.betId } : {}) }
                  : msg.type === 'choose'
                    ? {
                        type: 'choose',
                        requestId,
                        prisonerId: msg.prisonerId,
                        choice: msg.choice,
                        ...(msg.chance ? { chance: msg.chance } : {}),
                        ...(msg.onZero ? { onZero: msg.onZero } : {}),
                      }
                    : { type: msg.type, requestId },
            );
            return send(
              c,
              res.ok
                ? { type: 'reply', requestId, ok: true, value: res.value }
                : { type: 'reply', requestId, ok: false, error: outward(res.error) },
            );
          }
        }
      } catch (e) {
        if (e instanceof HttpError) return refuse(requestIdOf(msg), e.error);
        req.log.error({ err: e }, 'ws message failed');
        return refuse(requestIdOf(msg), tableErr('INTERNAL', 'internal error'));
      }
    };
    socket.off('message', early);
    socket.on('message', (d) => void handle(String(d)));
    send(c, {
      type: 'hello',
      role: viewer.role,
      ...(viewer.role === 'player' ? { playerId: viewer.playerId } : {}),
      serverTime: Date.now(),
      tables: [...casino.tables.keys()],
    });
    for (const q of queued) await handle(q);
  });

  // ---------------------------------------------------------------------------- web table (static)
  const webDir = opts.webDir ?? fileURLToPath(new URL('../../web/', import.meta.url));
  if (existsSync(webDir)) {
    // Web table (issue 4, docs/WEB.md): serves web/ with the bundles in web/dist/, which
    // `npm run build:web` writes (and `npm start` when they are missing); never built here.
    await app.register(fastifyStatic, { root: webDir, prefix: '/', index: ['index.html'] });
    app.get('/croupier', (_req, reply) =>
      existsSync(`${webDir}/croupier.html`)
        ? reply.sendFile('croupier.html')
        : reply
            .code(404)
            .send({ error: tableErr('NOT_FOUND', 'the croupier console (web/croupier.html) is not built yet') }),
    );
  }
  return app;
}
