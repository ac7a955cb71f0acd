/**
 * The accounts and cashier screen: the daily cashier report (opening, in, out, closing per
 * cashier; GET /api/backoffice/cashier) and the ledger audit in plain words (pit boss and admin);
 * for the admin also the players (create, deposit / withdraw with a reason, reset the password,
 * lock / unlock, the player's file: wallet, sessions, last coups, transactions) and the staff
 * accounts (create with a role, lock / unlock) — the admin's routes (docs/API.md "Admin").
 */
import type { AccountsView, AccountView, LedgerView } from '../../../src/protocol/views.ts';
import type { CashierReportView, PlayerFileView } from '../../../src/protocol/views-backoffice.ts';
import { h } from '../dom.ts';
import { bw, enc, field, grid, input, money, section, todayLocal, when, type ScreenCtx } from './common.ts';
import { cashFormOf, debtPart } from './cash-form.ts';
import { browserZone, emptyDayText } from './dates.ts';
import type { BoKey } from './words/en.ts';

/** The accounts and cashier screen. */
export async function accountsScreen(root: HTMLElement, ctx: ScreenCtx): Promise<void> {
  const w = (k: BoKey) => bw(ctx.lang, k);
  const report = h('div', { id: 'cashier-report' });
  const audit = h('div', { id: 'ledger-audit' });
  const date = input('date', todayLocal(), 'date', { id: 'cashier-date' });
  const loadReport = async () => {
    // the day of the date field in the browser's zone, not the UTC day (QA)
    const r = await ctx.api.call<CashierReportView>(
      'GET',
      `/api/backoffice/cashier?date=${enc(date.value)}&tz=${enc(browserZone())}`,
    );
    // a day without movements (a future date) says so above the openings (new-user QA)
    const none = r.total.count === 0;
    report.replaceChildren(
      ...(none ? [h('p', { class: 'empty', id: 'cashier-empty' }, emptyDayText(ctx.lang, r.date, 'noCashDay'))] : []),
      cashierGrid(ctx, r),
    );
    const l = await ctx.api.call<LedgerView>('GET', '/api/backoffice/ledger');
    audit.replaceChildren(auditView(ctx, l));
  };
  date.addEventListener('change', () => void loadReport().catch(ctx.toast));
  const parts: HTMLElement[] = [];
  if (ctx.role === 'admin') parts.push(await peopleSection(ctx, () => void loadReport().catch(ctx.toast)));
  else parts.push(section(w('players'), h('p', { class: 'empty' }, w('adminOnly'))));
  root.replaceChildren(
    ...parts,
    h(
      'div',
      { class: 'bo-cols' },
      section(w('cashierReport'), h('div', { class: 'bo-actions' }, field(w('date'), date)), report),
      section(w('ledgerAudit'), audit),
    ),
  );
  await loadReport();
}

function cashierGrid(ctx: ScreenCtx, r: CashierReportView): HTMLElement {
  const w = (k: BoKey) => bw(ctx.lang, k);
  const m = (x: number) => money(ctx.lang, x);
  const line = (name: string, x: CashierReportView['total']) => [
    name,
    m(x.opening),
    m(x.in),
    m(x.out),
    m(x.closing),
    x.count,
  ];
  // the credits that are no cash under the cage's total, each on its own line (QA)
  const credit = (c: CashierReportView['credits'][number]) =>
    line(w(c.credit === 'welcome' ? 'creditWelcome' : 'creditDemo'), c);
  return grid(
    [w('cashier'), w('opening'), w('cashIn'), w('cashOut'), w('closing'), w('count')],
    [
      ...r.cashiers.map((c) => line(c.name || w('unknownCashier'), c)),
      line(w('total'), r.total),
      ...r.credits.map(credit),
    ],
    { id: 'cashier-grid' },
  );
}

function auditView(ctx: ScreenCtx, l: LedgerView): HTMLElement {
  const w = (k: BoKey) => bw(ctx.lang, k);
  const a = l.audit;
  const good = a.sum === 0 && a.unbalanced === 0 && a.mismatched === 0;
  return h(
    'div',
    {},
    h('p', { class: good ? 'bo-ok' : 'bo-bad', id: 'audit-verdict' }, w(good ? 'auditOk' : 'auditBad')),
    h(
      'dl',
      { class: 'bo-kv' },
      h('dt', {}, w('auditSum')),
      h('dd', {}, String(a.sum)),
      h('dt', {}, w('auditTransactions')),
      h('dd', {}, String(a.transactions)),
      h('dt', {}, w('auditUnbalanced')),
      h('dd', {}, String(a.unbalanced)),
      h('dt', {}, w('auditMismatched')),
      h('dd', {}, String(a.mismatched)),
    ),
  );
}

/** The admin's players and staff (with their forms); `changed` after money moved. */
async function peopleSection(ctx: ScreenCtx, changed: () => void): Promise<HTMLElement> {
  const box = h('div', { id: 'people' });
  const file = h('div', { id: 'player-file' });
  // the cashier's chosen player outlives the reload after each operation (QA: it went back to the first)
  const chosen: { id?: string } = {};
  const load = async () => {
    const { accounts } = await ctx.api.call<AccountsView>('GET', '/api/admin/accounts');
    const { players } = await ctx.api.call<{ players: Array<{ id: string; name: string; balance: number }> }>(
      'GET',
      '/api/admin/players',
    );
    const byId = new Map(accounts.map((a) => [a.id, a]));
    box.replaceChildren(
      h(
        'div',
        { class: 'bo-cols' },
        playersPart(ctx, players, byId, { reload: () => void load().catch(ctx.toast), changed, file, chosen }),
        staffPart(
          ctx,
          accounts.filter((a) => a.role !== 'player'),
          () => void load().catch(ctx.toast),
        ),
      ),
    );
  };
  await load();
  return h('div', {}, box, file);
}

interface PlayerHooks {
  reload(): void;
  changed(): void;
  file: HTMLElement;
  /** The player chosen in the cashier's form (kept across reloads). */
  chosen: { id?: string };
}

function playersPart(
  ctx: ScreenCtx,
  players: Array<{ id: string; name: string; balance: number }>,
  accounts: Map<string, AccountView>,
  hooks: PlayerHooks,
): HTMLElement {
  const w = (k: BoKey) => bw(ctx.lang, k);
  const run = (f: () => Promise<unknown>) => async () => {
    try {
      const said = await f();
      if (said === null) return; // the cashier said no: nothing done
      ctx.toast(typeof said === 'string' ? said : w('done'));
      hooks.reload();
      hooks.changed();
      // the player's file open below follows the money moved (QA: it kept the old balance)
      const shown = hooks.file.dataset.player;
      if (shown) void showFile(ctx, shown, hooks.file);
    } catch (e) {
      ctx.toast(e);
    }
  };
  const cashForm = cashFormOf(ctx, players, run, hooks.chosen);
  const newName = input('name', '', 'text', { id: 'new-player-name' });
  const newPass = input('password', '', 'password', { id: 'new-player-password', autocomplete: 'new-password' });
  const rows = players.map((p) => {
    const acc = accounts.get(p.id);
    return [
      h('a', { href: '#accounts', onclick: () => void showFile(ctx, p.id, hooks.file) }, p.name),
      money(ctx.lang, p.balance),
      acc?.locked ? w('locked') : '',
      h(
        'span',
        { class: 'bo-buttons' },
        acc
          ? h(
              'button',
              {
                class: 'btn-small',
                onclick: run(() =>
                  ctx.api.call('POST', `/api/admin/accounts/${enc(p.id)}/${acc.locked ? 'unlock' : 'lock'}`),
                ),
              },
              w(acc.locked ? 'unlock' : 'lock'),
            )
          : null,
        h(
          'button',
          {
            class: 'btn-small',
            onclick: () => {
              const pw = prompt(w('newPassword'));
              if (pw)
                void run(() => ctx.api.call('POST', `/api/admin/accounts/${enc(p.id)}/password`, { password: pw }))();
            },
          },
          w('resetPassword'),
        ),
      ),
    ];
  });
  return section(
    w('players'),
    cashForm,
    grid([w('name'), w('balance'), w('locked'), w('actions')], rows, { id: 'players-grid' }),
    h(
      'div',
      { class: 'bo-actions' },
      field(w('name'), newName),
      field(w('password'), newPass),
      h(
        'button',
        {
          class: 'btn',
          onclick: run(() =>
            ctx.api.call('POST', '/api/admin/players', { name: newName.value.trim(), password: newPass.value }),
          ),
        },
        w('createPlayer'),
      ),
    ),
  );
}

function staffPart(ctx: ScreenCtx, staff: AccountView[], reload: () => void): HTMLElement {
  const w = (k: BoKey) => bw(ctx.lang, k);
  const run = (f: () => Promise<unknown>) => async () => {
    try {
      await f();
      ctx.toast(w('done'));
      reload();
    } catch (e) {
      ctx.toast(e);
    }
  };
  const name = input('name', '', 'text', { id: 'new-staff-name' });
  const pass = input('password', '', 'password', { id: 'new-staff-password', autocomplete: 'new-password' });
  const role = h(
    'select',
    { id: 'new-staff-role' },
    ...['croupier', 'chef', 'pitboss', 'admin'].map((r) => h('option', { value: r }, r)),
  ) as HTMLSelectElement;
  return section(
    w('staff'),
    grid(
      [w('name'), w('role'), w('locked'), w('actions')],
      staff.map((a) => [
        a.name,
        a.role,
        a.locked ? w('locked') : '',
        h(
          'button',
          {
            class: 'btn-small',
            onclick: run(() =>
              ctx.api.call('POST', `/api/admin/accounts/${enc(a.id)}/${a.locked ? 'unlock' : 'lock'}`),
            ),
          },
          w(a.locked ? 'unlock' : 'lock'),
        ),
      ]),
      { id: 'staff-grid' },
    ),
    h(
      'div',
      { class: 'bo-actions' },
      field(w('name'), name),
      field(w('password'), pass),
      field(w('role'), role),
      h(
        'button',
        {
          class: 'btn',
          onclick: run(() =>
            ctx.api.call('POST', '/api/admin/accounts', {
              name: name.value.trim(),
              password: pass.value,
              role: role.value,
            }),
          ),
        },
        w('createStaff'),
      ),
    ),
  );
}

/**
 * A player's file: wallet, sessions, last coups (each a link to its recall), last transactions.
 * The box keeps the player shown (`data-player`): a cash operation or a lock shows it again.
 */
async function showFile(ctx: ScreenCtx, id: string, box: HTMLElement): Promise<void> {
  const w = (k: BoKey) => bw(ctx.lang, k);
  try {
    const f = await ctx.api.call<PlayerFileView>('GET', `/api/backoffice/players/${enc(id)}`);
    box.dataset.player = id;
    box.replaceChildren(
      section(
        `${f.name} — ${w('balance')} ${money(ctx.lang, f.balance)}${f.locked ? ` (${w('locked')})` : ''}`,
        ...debtPart(ctx, f),
        h('h3', {}, w('sessions')),
        f.sessions.length
          ? grid(
              [w('since'), w('lastSeen')],
              f.sessions.map((s) => [when(ctx.lang, s.createdAt), when(ctx.lang, s.lastSeen)]),
            )
          : h('p', { class: 'empty' }, w('none')),
        h('h3', {}, w('history')),
        grid(
          [w('table'), w('coup'), w('at'), w('result'), w('staked'), w('net'), w('after')],
          f.history.map((c) => [
            c.tableId,
            h('a', { href: `#recall/${enc(c.tableId)}/${c.number}` }, String(c.number)),
            when(ctx.lang, c.resultAt),
            String(c.pocket ?? '—'),
            money(ctx.lang, c.staked),
            money(ctx.lang, c.net),
            money(ctx.lang, c.balanceAfter),
          ]),
        ),
        h('h3', {}, w('transactions')),
        grid(
          [w('at'), w('action'), w('amount'), w('cashier'), w('reason')],
          f.transactions.map((t) => [
            when(ctx.lang, t.at),
            t.kind,
            money(ctx.lang, t.amount),
            String(t.memo.cashier ?? ''),
            String(t.memo.reason ?? ''),
          ]),
        ),
      ),
    );
  } catch (e) {
    ctx.toast(e);
  }
}
