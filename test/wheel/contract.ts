/**
 * The wheel-port contract: the suite every wheel driver must pass (docs/WHEELS.md, "Adding a
 * driver"). A driver provides a harness that makes its wheel play; the suite checks only what
 * the port promises (src/wheel/port.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { WheelEvent, WheelPort } from '../../src/wheel/port.ts';
import { Recorder } from './events.ts';

/** What a driver provides to be checked. */
export interface WheelHarness {
  port: WheelPort;
  /** Makes the wheel play: `normal` games; `miss-spin` in the first game; `fault`: a voiding fault in the first game. */
  play(scenario: 'normal' | 'miss-spin' | 'fault'): Promise<void>;
  /** Makes the link go away (the device disappears). */
  cutLink(): Promise<void>;
  /** Releases everything (the port may already be closed). */
  dispose(): Promise<void>;
}

const isGame = (e: WheelEvent) =>
  e.type === 'betting-open' || e.type === 'ball-launched' || e.type === 'no-more-bets' || e.type === 'result';

/** Runs the contract over a harness factory. `timeoutMs`: how long a game may take. */
export function wheelContract(name: string, make: () => Promise<WheelHarness>, timeoutMs = 20_000): void {
  describe(`wheel port contract: ${name}`, () => {
    let h: WheelHarness | null = null;
    afterEach(async () => {
      await h?.dispose();
      h = null;
    });
    const setup = async () => {
      h = await make();
      const rec = new Recorder(h.port);
      await h.port.start();
      return { h, rec };
    };

    it('a game: link up, then betting-open, ball-launched, no-more-bets, result in order', async () => {
      const { h, rec } = await setup();
      await h.play('normal');
      const res = await rec.waitFor((e) => e.type === 'result', 'a result', timeoutMs);
      expect(h.port.link).toBe('up');
      expect(rec.types()[0]).toBe('link:up');
      const game = rec.events.filter(isGame).map((e) => e.type);
      const start = game.lastIndexOf('betting-open');
      expect(game.slice(start)).toEqual(['betting-open', 'ball-launched', 'no-more-bets', 'result']);
      if (res.type !== 'result') throw new Error('unreachable');
      expect(res.pocket >= 0 && res.pocket <= 37).toBe(true);
      expect(['clockwise', 'anticlockwise']).toContain(res.direction);
      expect(res.spinCounter).toBeGreaterThanOrEqual(1);
      expect(h.port.startGame()).toEqual({ ok: true });
    });

    it('a miss-spin: no result for that game, betting opens again for the repeated spin', async () => {
      const { h, rec } = await setup();
      await h.play('miss-spin');
      await rec.waitFor((e) => e.type === 'miss-spin', 'a miss-spin', timeoutMs);
      const at = rec.events.findIndex((e) => e.type === 'miss-spin');
      const before = rec.events
        .slice(0, at)
        .filter(isGame)
        .map((e) => e.type);
      expect(before.slice(before.lastIndexOf('betting-open'))).toEqual(['betting-open', 'ball-launched']);
      await rec.waitFor((e) => e.type === 'betting-open', 'the respin', timeoutMs, at);
      const between = rec.events.slice(
        at,
        rec.events.findIndex((e, i) => i > at && e.type === 'betting-open'),
      );
      expect(between.some((e) => e.type === 'result')).toBe(false);
    });

    it('a fault in a game: fault with inGame true, and no result for that game', async () => {
      const { h, rec } = await setup();
      await h.play('fault');
      const f = await rec.waitFor((e) => e.type === 'fault' && e.inGame, 'a fault', timeoutMs);
      const at = rec.events.indexOf(f);
      const next = rec.events.findIndex((e, i) => i > at && e.type === 'betting-open');
      const after = rec.events.slice(at, next === -1 ? undefined : next);
      expect(after.some((e) => e.type === 'result')).toBe(false);
      if (f.type === 'fault') expect(f.reason.length).toBeGreaterThan(0);
    });

    it('link lost in a game: link down, a link-lost fault, commands refused while down', async () => {
      const { h, rec } = await setup();
      await h.play('normal');
      await rec.waitFor((e) => e.type === 'betting-open', 'betting open', timeoutMs);
      await h.cutLink();
      await rec.waitFor((e) => e.type === 'link' && e.status === 'down', 'link down', timeoutMs);
      expect(rec.of('fault').some((f) => f.code === 'link-lost' && f.inGame)).toBe(true);
      expect(h.port.link).toBe('down');
      expect(h.port.requestRespin()).toMatchObject({ ok: false, code: 'WHEEL_LINK_DOWN' });
    });

    it('close: idempotent, no event after it, commands answer WHEEL_CLOSED; unsubscribe stops delivery', async () => {
      const { h, rec } = await setup();
      const other: WheelEvent[] = [];
      const off = h.port.on((e) => other.push(e));
      off();
      await h.play('normal');
      await rec.waitFor((e) => e.type === 'betting-open', 'betting open', timeoutMs);
      await h.port.close();
      await h.port.close();
      const n = rec.events.length;
      await new Promise((r) => setTimeout(r, 300));
      expect(rec.events.length).toBe(n);
      expect(other).toEqual([]);
      expect(h.port.startGame()).toMatchObject({ ok: false, code: 'WHEEL_CLOSED' });
    });
  });
}
