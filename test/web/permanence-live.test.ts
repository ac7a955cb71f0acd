/**
 * The permanence page follows its table live (web/src/permanence/live.ts; QA: a coup played while
 * the page was open appeared only after a reload).
 */
import { describe, expect, it } from 'vitest';
import { changesPermanence, serialised } from '../../web/src/permanence/live.ts';

describe('the live permanence', () => {
  it("regression (QA): a new coup, a correction and a void of the page's table read the day again; other events and tables do not", () => {
    expect(changesPermanence({ type: 'result', table: 'qa1' }, 'qa1')).toBe(true);
    expect(changesPermanence({ type: 'coup-void', table: 'qa1' }, 'qa1')).toBe(true);
    expect(changesPermanence({ type: 'state', table: 'qa1' }, 'qa1')).toBe(true);
    expect(changesPermanence({ type: 'result', table: 'qa2' }, 'qa1')).toBe(false);
    for (const type of ['phase', 'bets-summary', 'hello', 'balance'])
      expect(changesPermanence({ type, table: 'qa1' }, 'qa1')).toBe(false);
  });

  it('never runs two reads at once; calls during a read make one more read after it', async () => {
    let running = 0;
    let most = 0;
    let reads = 0;
    const gates: Array<() => void> = [];
    const read = serialised(async () => {
      reads++;
      running++;
      most = Math.max(most, running);
      await new Promise<void>((r) => gates.push(r));
      running--;
    });
    void read();
    void read();
    void read();
    expect(reads).toBe(1);
    gates.shift()!();
    await new Promise((r) => setTimeout(r, 0));
    expect(reads).toBe(2);
    gates.shift()!();
    await new Promise((r) => setTimeout(r, 0));
    expect(reads).toBe(2);
    expect(most).toBe(1);
  });

  it('a failed read does not stop the next one', async () => {
    let reads = 0;
    const read = serialised(async () => {
      reads++;
      if (reads === 1) throw new Error('offline');
    });
    await read();
    await read();
    expect(reads).toBe(2);
  });
});
