/**
 * The bets of `--spread` (bench/spread.ts) and the open loop's warm-up option (bench/table-net.ts
 * `--warmup-s`): every spread spec is a bet the engine accepts on a European table, and together
 * they stake each position of the layout once, so a benchmark with `--spread` fills the table's
 * summary and lists as a full layout does.
 */
import { describe, expect, it } from 'vitest';
import { parseBenchArgs } from '../bench/options.ts';
import { SPREAD } from '../bench/spread.ts';
import { parseBet } from '../src/engine/bets.ts';
import { catalogue } from '../src/engine/layout.ts';
import { preset } from '../src/engine/rules.ts';

describe('bench --spread and --warmup-s', () => {
  it('each spread spec is a valid bet, and the specs cover every position of the European layout once', () => {
    const keys = SPREAD.map((spec, i) => {
      const b = parseBet({ ...spec, id: `s${i}` }, preset('european'));
      if (!b.ok) throw new Error(`${JSON.stringify(spec)}: ${b.error.message}`);
      if (b.value.type !== 'position') throw new Error(`${JSON.stringify(spec)}: not a position bet`);
      return b.value.position.key;
    });
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual(
      catalogue('single')
        .positions.map((p) => p.key)
        .sort(),
    );
  });

  it('the warm-up takes 0 (none) or a positive number of seconds; the measured duration must be positive', () => {
    expect(parseBenchArgs(['--warmup-s', '0', '--spread'], ['table-net'])).toMatchObject({
      'warmup-s': '0',
      spread: true,
    });
    expect(parseBenchArgs(['--warmup-s', '2.5'], ['table-net'])['warmup-s']).toBe('2.5');
    expect(() => parseBenchArgs(['--warmup-s', '-1'], ['table-net'])).toThrow(/--warmup-s/);
    expect(() => parseBenchArgs(['--duration-s', '0'], ['table-net'])).toThrow(/--duration-s.*positive/);
  });
});
