/**
 * Tables of mode `wheel` (issue 13): the application drives the table from the wheel port
 * (FakeWheel here; the SS2 driver over a pty in test/wheel/table-pty.test.ts): state 2 opens
 * betting, 3 the launch (bets still taken), 4 rien ne va plus, 5 the settlement; a miss-spin
 * locks the bets and the repeated spin settles once; faults void or hold the coup per table
 * option; the counter gap and the direction are audit lines of the coup record; the keypad
 * fallback; a restart in the middle of a game voids it, never settles it twice.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LocalBus } from '../../src/app/bus.ts';
import { Casino } from '../../src/app/casino.ts';
import { correctResult, sendPlayerCommand } from '../../src/app/commands.ts';
import { wheelStaffAction, wheelView } from '../../src/app/wheel-commands.ts';
import type { Published } from '../../src/protocol/events.ts';
import { openSqliteStore } from '../../src/store/sql.ts';
import { FakeWheel } from '../../src/wheel/fake.ts';
import { casinoCleanup } from './fixtures.ts';

const CHEF = { account: 'chef-anna', role: 'chef' as const };
let now = Date.UTC(2026, 2, 1, 20, 0, 0);
const { dirs, open } = casinoCleanup();

async function rig(wheelFault: 'void' | 'hold' = 'void', dir = mkdtempSync(join(tmpdir(), 'croupier-wt-'))) {
  if (!dirs.includes(dir)) dirs.push(dir);
  const store = await openSqliteStore(join(dir, 'db.sqlite'));
  const wheels: FakeWheel[] = [];
  const published: Published[] = [];
  const bus = new LocalBus();
  bus.subscribe((m) => published.push(m));
  const casino = new Casino({
    store,
    bus,
    clock: () => now,
    timers: false,
    bootstrapToken: 'a',
    wheels: {
      open: () => {
        const w = new FakeWheel();
        wheels.push(w);
        return w;
      },
    },
  });
  open.push({ casino, store });
  await casino.start();
  if (!(await store.getTable('auto'))) {
    const r = await casino.createTable({
      id: 'auto',
      rules: 'french',
      minimum: 100,
      mode: 'wheel',
      wheel: { driver: 'ss2', device: '/dev/null', requireAlternation: true },
      wheelFault,
    });
    expect(r.ok).toBe(true);
    await casino.table('auto')!.dispatch((_tx, t) => ({ type: 'open', now: t }));
    if (!(await casino.players.find('Alice'))) await casino.players.create('Alice', 10_000);
  }
  const t = casino.table('auto')!;
  const fake = wheels[0];
  const bet = (stake: number, chance = 'rouge', id = `r${Math.random()}`) =>
    sendPlayerCommand(t, 'alice', { type: 'bet', requestId: id, bet: { chance, stake } });
  const balance = () => store.balance('player:alice');
  return { casino, store, t, fake, bet, balance, published, dir };
}

describe('a table driven by an automatic wheel', () => {
  it('state 2 opens, 3 launches (bets still taken), 4 closes, 5 settles with source wheel, direction and counter recorded', async () => {
    const r = await rig();
    expect(r.t.state.phase).toBe('betting');
    expect(r.t.state.deadline).toBeNull(); // no timer: the wheel calls the phases
    r.fake.openBetting();
    await r.t.idle();
    expect((await r.bet(1000)).ok).toBe(true);
    r.fake.launch();
    await r.t.idle();
    expect(r.t.state.phase).toBe('launched');
    expect((await r.bet(500, 'pair')).ok).toBe(true);
    r.fake.noMoreBets();
    await r.t.idle();
    expect(r.t.state.phase).toBe('no-more-bets');
    const late = await r.bet(500);
    expect(late.ok ? null : late.error.code).toBe('NO_MORE_BETS');
    r.fake.result(1); // red, odd: rouge wins 1000, pair loses 500
    await r.t.idle();
    expect(r.t.state.phase).toBe('settled');
    expect(await r.balance()).toBe(10_000 + 1000 - 500);
    const rec = (await r.store.coup('auto', 1))!;
    expect(rec.source).toBe('wheel');
    expect(rec.pocket).toBe(1);
    expect(rec.wheel).toMatchObject({ spinCounter: 1, direction: 'clockwise', missSpins: 0, manual: false });
    const result = r.published.find((m) => m.event.type === 'result')!.event;
    expect(result).toMatchObject({ source: 'wheel', wheel: { direction: 'clockwise', spinCounter: 1 } });
  });

  it("the next coup opens at the wheel's next state 2 (after the result display), bets carried by the coup", async () => {
    const r = await rig();
    r.fake.playGame(5);
    await r.t.idle();
    expect(r.t.state.coup).toBe(1);
    r.fake.openBetting();
    await r.t.idle();
    expect(r.t.state.phase).toBe('betting');
    expect(r.t.state.coup).toBe(2);
    expect(r.t.state.wheel?.spin).toBe(2);
  });

  it("regression: a pause requested during the coup is taken at the wheel's next state 2 (the next coup opened, the pause one coup late)", async () => {
    const r = await rig();
    r.fake.openBetting();
    await r.t.idle();
    expect((await r.t.dispatch((_tx, t) => ({ type: 'pause', now: t }))).ok).toBe(true);
    expect(r.t.state.pauseRequested).toBe(true);
    r.fake.playGame(5);
    await r.t.idle();
    expect(r.t.state.phase).toBe('settled');
    r.fake.openBetting(); // the wheel spins on: no coup while the table is paused
    await r.t.idle();
    expect(r.t.state).toMatchObject({ phase: 'paused', coup: 1, pauseRequested: false, deadline: null });
    expect((await r.bet(1000)).ok).toBe(false);
    r.fake.playGame(7); // a spin during the pause is no coup
    await r.t.idle();
    expect(r.t.state).toMatchObject({ phase: 'paused', coup: 1 });
    expect((await r.t.dispatch((_tx, t) => ({ type: 'open', now: t }))).ok).toBe(true);
    expect(r.t.state).toMatchObject({ phase: 'betting', coup: 2 });
  });

  it('a miss-spin locks the bets, the repeated spin settles the same coup once', async () => {
    const r = await rig();
    r.fake.openBetting();
    await r.t.idle();
    await r.bet(1000);
    r.fake.launch();
    r.fake.missSpin();
    await r.t.idle();
    expect(r.t.state.phase).toBe('no-more-bets');
    expect((await r.bet(100)).ok).toBe(false);
    expect(r.published.some((m) => m.event.type === 'wheel' && m.event.kind === 'miss-spin')).toBe(true);
    r.fake.openBetting(); // the respin
    await r.t.idle();
    expect(r.t.state.phase).toBe('betting');
    expect(r.t.state.coup).toBe(1);
    expect(r.t.state.bets.length).toBe(1);
    r.fake.launch();
    r.fake.noMoreBets();
    r.fake.result(2); // black
    await r.t.idle();
    expect(await r.balance()).toBe(9000);
    const rec = (await r.store.coup('auto', 1))!;
    expect(rec.wheel?.missSpins).toBe(1);
    expect(await r.store.coup('auto', 2)).toBeNull();
  });

  it('a fault after the launch voids the coup (every stake returned) with the reason code', async () => {
    const r = await rig('void');
    r.fake.openBetting();
    await r.t.idle();
    await r.bet(1000);
    r.fake.launch();
    r.fake.fault('no-ball', 'no ball detected for 5 s');
    await r.t.idle();
    expect(await r.balance()).toBe(10_000);
    const rec = (await r.store.coup('auto', 1))!;
    expect(rec.status).toBe('void');
    expect(rec.reason).toMatch(/^wheel no-ball/);
    expect(rec.wheel?.audit).toEqual([expect.objectContaining({ kind: 'fault', code: 'no-ball' })]);
  });

  it('a fault with wheelFault "hold": the coup waits for the chef, who keys the number in (audit line) or voids it', async () => {
    const r = await rig('hold');
    r.fake.openBetting();
    await r.t.idle();
    await r.bet(1000);
    r.fake.launch();
    r.fake.noMoreBets();
    r.fake.cutLink();
    await r.t.idle();
    expect(r.t.state.phase).toBe('held');
    expect(wheelView(r.casino, 'auto')).toMatchObject({ ok: true, value: { held: { code: 'link-lost' } } });
    const bad = await r.t.dispatch((_tx, t) => ({ type: 'result', now: t, pocket: 'x', source: 'rng' }));
    expect(bad.ok ? null : bad.error.code).toBe('WRONG_MODE');
    const keyed = await r.t.dispatch((_tx, t) => ({ type: 'result', now: t, pocket: 3, source: 'croupier' }));
    expect(keyed.ok).toBe(true);
    expect(await r.balance()).toBe(11_000);
    const rec = (await r.store.coup('auto', 1))!;
    expect(rec).toMatchObject({ status: 'settled', source: 'croupier', wheel: { manual: true } });
  });

  it('the chef voids a held coup with a reason; the croupier takes over with the keypad and hands back', async () => {
    const r = await rig('hold');
    r.fake.openBetting();
    await r.t.idle();
    await r.bet(1000);
    r.fake.launch();
    r.fake.fault('sensor');
    await r.t.idle();
    expect(r.t.state.phase).toBe('held');
    const noReason = await r.t.dispatch((_tx, t) => ({ type: 'wheel-staff', now: t, action: 'void' }));
    expect(noReason.ok ? null : noReason.error.code).toBe('INVALID_REQUEST');
    const v = await wheelStaffAction(r.casino, 'auto', 'void', 'chef Marie', 'ball jumped out');
    expect(v.ok).toBe(true);
    expect(await r.balance()).toBe(10_000);
    const rec = (await r.store.coup('auto', 1))!;
    expect(rec.status).toBe('void');
    expect(rec.wheel?.audit.at(-1)).toMatchObject({ kind: 'void', by: 'chef Marie', reason: 'ball jumped out' });
    // manual fallback
    now += 10_000;
    await r.t.tick(); // the result display ends: the next coup opens
    expect(r.t.state.phase).toBe('betting');
    expect((await wheelStaffAction(r.casino, 'auto', 'manual', 'croupier Paul')).ok).toBe(true);
    r.fake.openBetting(); // ignored now
    await r.t.idle();
    await r.bet(1000);
    await r.t.dispatch((_tx, t) => ({ type: 'close', now: t }));
    const keyed = await r.t.dispatch((_tx, t) => ({ type: 'result', now: t, pocket: 2, source: 'croupier' }));
    expect(keyed.ok).toBe(true);
    const rec2 = (await r.store.coup('auto', 2))!;
    expect(rec2.wheel?.audit[0]).toMatchObject({ kind: 'manual', by: 'croupier Paul' });
    expect(rec2.wheel?.manual).toBe(true);
    now += 10_000;
    await r.t.tick();
    expect((await wheelStaffAction(r.casino, 'auto', 'auto', 'croupier Paul')).ok).toBe(true);
    expect(r.t.state.wheel?.manual).toBe(false);
  });

  it('regression: the keypad taken over after rien ne va plus: a phase event tells the table keyIn (the console reloaded the view); a take-over or hand-back that changes nothing, none', async () => {
    const r = await rig();
    const phases = () => r.published.flatMap((m) => (m.event.type === 'phase' ? [m] : []));
    r.fake.openBetting();
    await r.t.idle();
    await r.bet(1000);
    // while bets are open the keypad takes no number before and after: nothing to tell
    const before = phases().length;
    expect((await wheelStaffAction(r.casino, 'auto', 'manual', 'croupier Paul')).ok).toBe(true);
    expect((await wheelStaffAction(r.casino, 'auto', 'auto', 'croupier Paul')).ok).toBe(true);
    expect(phases().length).toBe(before);
    r.fake.launch();
    r.fake.noMoreBets();
    await r.t.idle();
    expect(phases().at(-1)!.event).toMatchObject({ phase: 'no-more-bets' });
    expect(phases().at(-1)!.event).not.toHaveProperty('keyIn');
    const since = r.t.state.since;
    expect((await wheelStaffAction(r.casino, 'auto', 'manual', 'croupier Paul')).ok).toBe(true);
    const told = phases().at(-1)!;
    expect(told.audience).toEqual({ kind: 'table' });
    expect(told.event).toEqual({
      type: 'phase',
      table: 'auto',
      coup: 1,
      phase: 'no-more-bets',
      since,
      deadline: null,
      keyIn: true,
    });
    // taken over already: nothing new; the hand-back is refused until the coup is settled
    expect((await wheelStaffAction(r.casino, 'auto', 'manual', 'croupier Paul')).ok).toBe(true);
    const back = await wheelStaffAction(r.casino, 'auto', 'auto', 'croupier Paul');
    expect(back.ok ? null : back.error.code).toBe('WRONG_PHASE');
    expect(phases().at(-1)).toBe(told);
    const keyed = await r.t.dispatch((_tx, t) => ({ type: 'result', now: t, pocket: 3, source: 'croupier' }));
    expect(keyed.ok).toBe(true);
    expect(phases().at(-1)!.event).toMatchObject({ phase: 'settled' });
    expect(phases().at(-1)!.event).not.toHaveProperty('keyIn');
  });

  it('a counter gap and a direction that did not alternate are incidents in the coup record (kept across a restart)', async () => {
    const r = await rig();
    r.fake.playGame(7);
    await r.t.idle();
    const dir = r.dir;
    now += 10_000;
    await r.casino.stop();
    await r.store.close();
    open.length = 0;
    const r2 = await rig('void', dir);
    // the restarted wheel: game 3 (game 2 unseen), same direction as game 1
    r2.fake.openBetting();
    r2.fake.openBetting();
    r2.fake.openBetting();
    r2.fake.launch();
    r2.fake.noMoreBets();
    r2.fake.result(9, 'clockwise');
    await r2.t.idle();
    const rec = (await r2.store.coup('auto', 2))!;
    const codes = rec.wheel!.audit.map((l) => l.code);
    expect(codes).toContain('counter-gap');
    expect(codes).toContain('direction-not-alternating');
  });

  it("a restart in the middle of a game voids the coup (stakes returned); the old game's result never settles it", async () => {
    const r = await rig();
    r.fake.openBetting();
    await r.t.idle();
    await r.bet(1000);
    r.fake.launch();
    r.fake.noMoreBets();
    await r.t.idle();
    await r.casino.stop();
    await r.store.close();
    open.length = 0;
    const r2 = await rig('void', r.dir);
    expect(await r2.balance()).toBe(10_000);
    expect((await r2.store.coup('auto', 1))?.status).toBe('void');
    // a stale result arriving now (no game open on the table): nothing settles
    r2.fake.openBetting();
    r2.fake.launch();
    r2.fake.noMoreBets();
    r2.fake.result(1);
    await r2.t.idle();
    const all = await r2.store.tableHistory('auto', 10);
    expect(all.filter((c) => c.number === 1)).toHaveLength(1);
    expect(await r2.balance()).toBe(10_000);
  });
  it('a wheel coup is settled with the kept settlement: the chef corrects it (issue 12 item 4), its wheel facts stay in the record', async () => {
    const r = await rig();
    r.fake.openBetting();
    await r.t.idle();
    await r.bet(1000, 'rouge');
    await r.bet(500, 'pair');
    r.fake.launch();
    r.fake.noMoreBets();
    r.fake.result(1); // rouge wins 1000, pair loses 500
    await r.t.idle();
    expect(await r.balance()).toBe(10_500);
    expect(r.t.state.settledFrom?.pocket).toBe(1);
    const c = await correctResult(r.casino, 'auto', CHEF, { pocket: 2, reason: 'the ball lay in 2' });
    expect(c.ok).toBe(true);
    expect(await r.balance()).toBe(10_000 - 1000 + 500); // 2: noir, pair
    const rec = (await r.store.coup('auto', 1))!;
    expect(rec.pocket).toBe(2);
    expect(rec.corrections).toMatchObject([{ from: 1, to: 2, reason: 'the ball lay in 2' }]);
    expect(rec.wheel).toMatchObject({ spinCounter: 1, direction: 'clockwise', manual: false });
    // the next coup opens at the wheel's next state 2: no correction of the old coup any more
    r.fake.openBetting();
    await r.t.idle();
    expect(r.t.state.coup).toBe(2);
    const late = await correctResult(r.casino, 'auto', CHEF, { pocket: 3, reason: 'too late' });
    expect(late.ok ? null : late.error.code).toBe('WRONG_PHASE');
  });
});
