import { describe, expect, it } from 'vitest';
import { hashPassword, passwordProblem, verifyPassword } from '../../src/app/passwords.ts';

const FAST = { log2N: 10, r: 8, p: 1 };

describe('passwords (scrypt)', () => {
  it('verifies the right password and refuses a wrong one; salts differ', async () => {
    const a = await hashPassword('correct horse battery', FAST);
    const b = await hashPassword('correct horse battery', FAST);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$10\$8\$1\$/);
    expect(await verifyPassword('correct horse battery', a)).toBe(true);
    expect(await verifyPassword('correct horse batterY', a)).toBe(false);
  });

  it('the default cost is memory-hard (N = 2^15)', async () => {
    expect(await hashPassword('a long enough one')).toMatch(/^scrypt\$15\$8\$1\$/);
  });

  it('a malformed stored hash never verifies and never throws', async () => {
    for (const bad of ['', 'plain', 'scrypt$99$8$1$AAAA$AAAA', 'scrypt$10$8$1$$', 'bcrypt$x$y$z$w$v'])
      expect(await verifyPassword('anything', bad)).toBe(false);
  });

  it('policy: 8 to 256 characters', () => {
    expect(passwordProblem('short')).toBe('PASSWORD_TOO_SHORT');
    expect(passwordProblem('x'.repeat(257))).toBe('PASSWORD_TOO_LONG');
    expect(passwordProblem('just right')).toBeNull();
  });
});
