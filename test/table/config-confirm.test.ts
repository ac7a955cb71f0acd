/**
 * QA (mode switch): a table's `confirmResult` that was never named follows its wheel mode, also
 * after a `configure` (an admin's PATCH) changes the mode; a value the patch names wins.
 */
import { describe, expect, it } from 'vitest';
import { confirmsResult, reconfiguredConfirmResult } from '../../src/table/config.ts';
import { transition } from '../../src/table/machine.ts';
import { config, Harness } from './helpers.ts';

describe('confirmResult after a change of the wheel mode', () => {
  it('regression: a table created rng and switched to manual kept confirmResult false (one-step entry, a wrong key paid at once)', () => {
    const h = new Harness(config({ mode: 'rng' }));
    expect(h.state.config.confirmResult).toBe(false);
    h.send({ type: 'configure', now: h.now, patch: { mode: 'manual', croupierPaced: true } });
    expect(h.state.config).toMatchObject({ mode: 'manual', confirmResult: true });
    expect(confirmsResult(h.state.config)).toBe(true);
    // and back: an RNG table settles at once again
    h.send({ type: 'configure', now: h.now, patch: { mode: 'rng', croupierPaced: false } });
    expect(h.state.config).toMatchObject({ mode: 'rng', confirmResult: false });
  });

  it('a patch that names confirmResult keeps its value, with or without a change of mode', () => {
    const h = new Harness(config({ mode: 'rng' }));
    h.send({ type: 'configure', now: h.now, patch: { mode: 'manual', confirmResult: false } });
    expect(h.state.config).toMatchObject({ mode: 'manual', confirmResult: false });
    const named = config({ mode: 'manual', confirmResult: false });
    // a patch that leaves the mode alone (or names the same mode) keeps the stored value
    for (const patch of [{ name: 'Salon' }, { mode: 'manual' as const }, { croupierPaced: true }]) {
      const s = transition(new Harness(named).state, { type: 'configure', now: h.now, patch }).state;
      expect(s.config.confirmResult, JSON.stringify(patch)).toBe(false);
    }
    expect(reconfiguredConfirmResult(named, { mode: 'rng', confirmResult: true })).toBe(true);
    expect(reconfiguredConfirmResult(named, { mode: 'rng' })).toBeUndefined();
  });

  it('a stored configuration without confirmResult (before the option) still follows its mode', () => {
    const { confirmResult: _gone, ...old } = config({ mode: 'rng' });
    const h = new Harness({ ...old });
    expect(confirmsResult(h.state.config)).toBe(false);
    h.send({ type: 'configure', now: h.now, patch: { mode: 'manual' } });
    expect(confirmsResult(h.state.config)).toBe(true);
  });

  it('after the switch a croupier’s number waits for confirmation: nothing is paid on the wrong key', () => {
    const h = new Harness(config({ mode: 'rng' }));
    h.deposit('bob', 1_000);
    h.send({ type: 'configure', now: h.now, patch: { mode: 'manual', croupierPaced: true } });
    h.open();
    h.place('bob', { numbers: [5], stake: 100 });
    h.send({ type: 'close', now: h.now });
    h.send({ type: 'result', now: h.now, pocket: 5, source: 'croupier' });
    expect(h.state.phase).toBe('no-more-bets');
    expect(h.state.entered).toMatchObject({ pocket: 5 });
    h.send({ type: 'result', now: h.now, pocket: 17, source: 'croupier' });
    h.send({ type: 'confirm', now: h.now });
    expect(h.state.phase).toBe('settled');
    expect(h.balance('bob')).toBe(900);
  });
});
