/** The engine's public API report (docs/engine-api.txt) matches the code: a change of the public surface is a visible change of that file. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiReport, REPORT_PATH } from '../../scripts/api-report.ts';

describe('engine API report', () => {
  it('docs/engine-api.txt is the report of src/engine/index.ts (npm run api:update rewrites it)', () => {
    expect(apiReport()).toBe(readFileSync(REPORT_PATH, 'utf8'));
  }, 60_000);
});
