/**
 * What `serve` logs of the bounded SQLite WAL's restarts (src/store/sqlite-wal.ts): under a
 * stream of bets the checkpointing worker restarts the WAL up to 15 times a second, each making
 * the server's next transaction wait (about 11 ms, 36 ms at most measured), so each restart is a
 * debug line and an info line sums them up at most once per {@link WAL_LOG_EVERY_MS}: how many,
 * how many found the write lock or a reader busy (tried again at the next round), the longest
 * wait and the most frames a restart found. Pure apart from the logger it is given.
 */
import type { WalRestart } from './sqlite-wal.ts';

/** At most one summary line per this many ms (the first restart is summed up at once). */
export const WAL_LOG_EVERY_MS = 60_000;

/** The logger's two levels used here (pino's signature). */
export interface WalLogger {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** The `onRestart` option of a SQLite store that logs as the module doc says. */
export function walRestartLog(log: WalLogger): (r: WalRestart) => void {
  let since: number | null = null; // the start of the current summary's period
  let count = 0;
  let busy = 0;
  let longestWaitMs = 0;
  let mostFrames = 0;
  return (r) => {
    const waitMs = r.endedAt - r.askedAt;
    log.debug({ frames: r.log, waitMs, busy: r.busy }, 'SQLite WAL restarted');
    count++;
    if (r.busy) busy++;
    longestWaitMs = Math.max(longestWaitMs, waitMs);
    mostFrames = Math.max(mostFrames, r.log);
    if (since !== null && r.endedAt - since < WAL_LOG_EVERY_MS) return;
    log.info(
      { restarts: count, busy, longestWaitMs, mostFrames, sinceMs: since === null ? 0 : r.endedAt - since },
      'SQLite WAL restarts (the bounded WAL: each held the next transaction for its wait)',
    );
    since = r.endedAt;
    count = busy = longestWaitMs = mostFrames = 0;
  };
}
