import { describe, expect, it } from 'vitest';
import type { WalRestart } from '../../src/store/sqlite-wal.ts';
import { WAL_LOG_EVERY_MS, walRestartLog } from '../../src/store/wal-log.ts';

const restart = (at: number, waitMs: number, frames: number, busy = false): WalRestart => ({
  askedAt: at,
  startedAt: at + 1,
  endedAt: at + waitMs,
  log: frames,
  busy,
});

describe('serve: the log of the bounded WAL (issue 17 leftover: serve did not log WAL restarts)', () => {
  it('logs every restart at debug and sums them up at info at most once a minute', () => {
    const lines: Array<[string, object, string]> = [];
    const log = {
      debug: (o: object, m: string) => lines.push(['debug', o, m]),
      info: (o: object, m: string) => lines.push(['info', o, m]),
    };
    const on = walRestartLog(log);
    on(restart(1_000, 11, 4_100)); // the first: summed up at once
    on(restart(2_000, 36, 4_300, true));
    on(restart(30_000, 12, 4_200));
    on(restart(1_000 + 11 + WAL_LOG_EVERY_MS, 5, 4_096)); // a minute after the first summary
    expect(lines.filter((l) => l[0] === 'debug')).toHaveLength(4);
    const infos = lines.filter((l) => l[0] === 'info').map((l) => l[1]);
    expect(infos).toEqual([
      { restarts: 1, busy: 0, longestWaitMs: 11, mostFrames: 4_100, sinceMs: 0 },
      { restarts: 3, busy: 1, longestWaitMs: 36, mostFrames: 4_300, sinceMs: WAL_LOG_EVERY_MS + 5 },
    ]);
  });
});
