/**
 * Which store errors mean "the database cannot record or read now" (src/store/failure.ts): a
 * known-answer table of SQLite result codes, PostgreSQL SQLSTATEs, socket errors and pg's own
 * connection messages, against errors that are bugs (a constraint, bad SQL) and stay INTERNAL.
 */
import { describe, expect, it } from 'vitest';
import { isStorageFailure, storageUnavailable, STORAGE_RETRY_AFTER_MS } from '../../src/store/failure.ts';

const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('storage failures', () => {
  it.each([
    ['SQLITE_FULL', true],
    ['SQLITE_READONLY', true],
    ['SQLITE_READONLY_DBMOVED', true],
    ['SQLITE_IOERR_WRITE', true],
    ['SQLITE_IOERR_FSYNC', true],
    ['SQLITE_BUSY', true],
    ['SQLITE_BUSY_SNAPSHOT', true],
    ['SQLITE_CANTOPEN', true],
    ['SQLITE_CONSTRAINT_PRIMARYKEY', false],
    ['SQLITE_CONSTRAINT_CHECK', false],
    ['SQLITE_ERROR', false],
    ['SQLITE_MISUSE', false],
    ['SQLITE_FULLNESS', false],
    ['08006', true], // connection failure
    ['08001', true],
    ['53100', true], // disk full
    ['53300', true], // too many connections
    ['57P01', true], // admin shutdown
    ['57P03', true], // cannot connect now
    ['58030', true], // I/O error
    ['25006', true], // read-only transaction (a standby)
    ['23505', false], // unique violation
    ['42P01', false], // undefined table
    ['40001', false], // serialization failure: not a storage outage
    ['ECONNREFUSED', true],
    ['ECONNRESET', true],
    ['ETIMEDOUT', true],
    ['ENOENT', false],
  ])('%s -> %s', (code, expected) => {
    expect(isStorageFailure(coded(code))).toBe(expected);
  });

  it("pg's connection errors without a code, and a failure wrapped as a cause", () => {
    expect(isStorageFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isStorageFailure(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isStorageFailure(new Error('outer', { cause: coded('SQLITE_FULL') }))).toBe(true);
    expect(isStorageFailure(new Error('a bug: Connection terminated is not at the start'))).toBe(false);
    expect(isStorageFailure(new TypeError('x is undefined'))).toBe(false);
    expect(isStorageFailure('SQLITE_FULL')).toBe(false);
    expect(isStorageFailure(null)).toBe(false);
  });

  it('its refusal: STORAGE_UNAVAILABLE with a retry delay, no store error in the message', () => {
    const e = storageUnavailable();
    expect(e).toMatchObject({ code: 'STORAGE_UNAVAILABLE', detail: { retryAfterMs: STORAGE_RETRY_AFTER_MS } });
    expect(e.message).not.toMatch(/SQLITE|sqlite|pg|readonly/);
  });
});
