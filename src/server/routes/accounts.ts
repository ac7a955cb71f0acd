/**
 * Routes of accounts and sessions (docs/API.md "Accounts", docs/SECURITY.md): login and open
 * registration (with their limits: 429 and Retry-After), logout, and the admin's account
 * management (create with a role, reset a password, lock / unlock, end an account's sessions).
 * Each: parse -> application call -> reply. Passwords are never logged.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SessionOpened } from '../../app/accounts.ts';
import { actorOf, draft, recordAudit } from '../../app/audit.ts';
import type { Casino } from '../../app/casino.ts';
import type { AuditAction } from '../../protocol/audit.ts';
import { isStaffRole } from '../../protocol/roles.ts';
import type { StaffViewer } from '../../app/viewer.ts';
import type { R } from '../../app/players.ts';
import * as S from '../../protocol/messages.ts';
import type { AccountsView, AccountView, LoginView, OkView, RevokedView } from '../../protocol/views.ts';
import { bearer, fail, HttpError, parse, unwrap, type Auth } from '../http.ts';

const ADMIN = ['admin'] as const;

/** Registers the account routes. */
export function accountRoutes(app: FastifyInstance, casino: Casino, auth: Auth): void {
  const accounts = casino.accounts;
  /** The audit line of an account action (written right after it commits). */
  const audit = (v: StaffViewer, action: AuditAction, more: { before?: unknown; after?: unknown }) =>
    recordAudit(casino.store, draft(actorOf(v), action, casino.clockPort.now(), more));
  /** A session as answered, with a player's wallet; a refusal with its Retry-After. */
  const session = async (reply: FastifyReply, r: R<SessionOpened>): Promise<LoginView> => {
    if (!r.ok) {
      const retry = (r.error.detail as { retryAfter?: unknown } | undefined)?.retryAfter;
      if (typeof retry === 'number') reply.header('retry-after', String(retry));
      throw new HttpError(r.error);
    }
    const s = r.value;
    if (isStaffRole(s.role))
      await audit({ accountId: s.accountId, name: s.name, role: s.role }, 'login', { after: { account: s.accountId } });
    return s.playerId ? { ...s, balance: await casino.players.balance(s.playerId) } : s;
  };

  app.post('/api/login', async (req, reply): Promise<LoginView> => {
    const body = parse(S.loginBody, req.body);
    return session(reply, await accounts.login(body.name, body.password, req.ip));
  });

  app.post('/api/register', async (req, reply) => {
    const body = parse(S.loginBody, req.body);
    const view = await session(reply, await accounts.register(body.name, body.password, req.ip));
    return reply.code(201).send(view);
  });

  app.post('/api/logout', async (req): Promise<OkView> => {
    const v = await auth.viewerOf(req);
    if (v.role === 'guest') fail('UNAUTHORIZED', 'no session to end');
    if (!('session' in v) || !v.session) fail('FORBIDDEN', 'the bootstrap admin token is configured, not a session');
    await accounts.logout(bearer(req)!);
    if (isStaffRole(v.role)) {
      const staff = v as StaffViewer;
      await audit(staff, 'logout', { before: { account: staff.accountId } });
    }
    return { ok: true };
  });

  app.get('/api/admin/accounts', async (req): Promise<AccountsView> => {
    await auth.require(req, ADMIN);
    return { accounts: await accounts.list() };
  });

  app.post('/api/admin/accounts', async (req, reply) => {
    const v = await auth.require(req, ADMIN);
    const body = parse(S.createAccountBody, req.body);
    if (body.deposit !== undefined && body.role !== 'player') fail('INVALID_REQUEST', 'only players have a deposit');
    const account = unwrap(await accounts.create(body));
    const after = { account: account.id, name: account.name, role: account.role, deposit: body.deposit ?? 0 };
    await audit(v, 'account-created', { after });
    return reply.code(201).send({ account });
  });

  type Id = { Params: { id: string } };
  app.post<Id>('/api/admin/accounts/:id/password', async (req): Promise<{ account: AccountView }> => {
    const v = await auth.require(req, ADMIN);
    const body = parse(S.passwordBody, req.body);
    const account = unwrap(await accounts.setPassword(req.params.id, body.password));
    await audit(v, 'password-reset', { after: { account: account.id } }); // never the password
    return { account };
  });

  for (const [path, locked] of [
    ['lock', true],
    ['unlock', false],
  ] as const)
    app.post<Id>(`/api/admin/accounts/:id/${path}`, async (req): Promise<{ account: AccountView }> => {
      const v = await auth.require(req, ADMIN);
      const account = unwrap(await accounts.setLocked(req.params.id, locked));
      const action = locked ? 'account-locked' : 'account-unlocked';
      await audit(v, action, { before: { account: account.id }, after: { account: account.id, locked } });
      return { account };
    });

  app.post<Id>('/api/admin/accounts/:id/revoke', async (req): Promise<RevokedView> => {
    const v = await auth.require(req, ADMIN);
    const revoked = unwrap(await accounts.revoke(req.params.id));
    await audit(v, 'sessions-revoked', { after: revoked });
    return revoked;
  });
}
