/**
 * Password hashing for accounts (players and staff): node:crypto scrypt, a memory-hard KDF
 * (RFC 7914), with a random 16-byte salt per password and a constant-time comparison.
 *
 * Stored form (text, self-describing so the cost can rise later without breaking old hashes):
 * `scrypt$<log2 N>$<r>$<p>$<salt base64>$<hash base64>`. The default cost N = 2^15, r = 8,
 * p = 1 takes 32 MiB and roughly 50-150 ms per hash on a server core (docs/SECURITY.md);
 * tests may pass a lower cost.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt cost parameters. */
export interface ScryptCost {
  /** log2 of the CPU/memory cost N (10..20). */
  readonly log2N: number;
  /** Block size r. */
  readonly r: number;
  /** Parallelism p. */
  readonly p: number;
}

/** Default cost: N = 2^15, r = 8, p = 1 (32 MiB, OWASP's scrypt recommendation). */
export const DEFAULT_SCRYPT_COST: ScryptCost = { log2N: 15, r: 8, p: 1 };

/** Passwords shorter or longer than this are refused before hashing (PASSWORD_TOO_SHORT / _LONG). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

const KEY_LEN = 32;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const N = 2 ** cost.log2N;
  const opts: ScryptOptions = { N, r: cost.r, p: cost.p, maxmem: 256 * N * cost.r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_LEN, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** Hashes a password into its stored form (see the module doc). */
export async function hashPassword(password: string, cost: ScryptCost = DEFAULT_SCRYPT_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return `scrypt$${cost.log2N}$${cost.r}$${cost.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/**
 * Checks a password against a stored hash in constant time. A malformed stored hash is false
 * (never a throw), so a corrupted row locks its account instead of opening it.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [log2N, r, p] = parts.slice(1, 4).map(Number);
  if (![log2N, r, p].every(Number.isInteger) || log2N < 10 || log2N > 20 || r < 1 || r > 32 || p < 1 || p > 16)
    return false;
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  if (salt.length < 8 || expected.length !== KEY_LEN) return false;
  const key = await derive(password, salt, { log2N, r, p });
  return timingSafeEqual(key, expected);
}

/** A password policy problem, or null: length between {@link PASSWORD_MIN} and {@link PASSWORD_MAX} characters. */
export function passwordProblem(password: string): 'PASSWORD_TOO_SHORT' | 'PASSWORD_TOO_LONG' | null {
  const n = [...password].length;
  if (n < PASSWORD_MIN) return 'PASSWORD_TOO_SHORT';
  if (n > PASSWORD_MAX) return 'PASSWORD_TOO_LONG';
  return null;
}
