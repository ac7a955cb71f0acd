import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Test files whose assertions depend on the wall clock or on processes they start and kill (pty
 * wheels, SIGKILL and outage tests, the WAL worker and the store's lock, 1,000 concurrent HTTP
 * bets): they run after the rest, one at a time, with the machine to themselves.
 */
const TIMED = [
  'test/wheel/ss2-pty.test.ts',
  'test/wheel/table-pty.test.ts',
  'test/wheel/demo-wheel-sigkill.test.ts',
  'test/e2e/console-keyin.test.ts',
  'test/e2e/board.test.ts',
  'test/store/sqlite-wal.test.ts',
  'test/store/sqlite-lock.test.ts',
  'test/store/pg-faults.test.ts',
  'test/app/parts-sigkill.test.ts',
  'test/server/recovery.test.ts',
  'test/server/multiprocess.test.ts',
  'test/server/redis-outage.test.ts',
  'test/server/pg-outage.test.ts',
  'test/server/api.test.ts',
  'test/server/limits.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        // most files wait on Chromium, child processes and sockets: two at a time even on 2 cores
        // (vitest's default there is one), about 40 % less wall clock
        extends: true,
        test: {
          name: 'suite',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: TIMED,
          maxWorkers: Math.max(2, availableParallelism()),
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'timed', include: TIMED, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
