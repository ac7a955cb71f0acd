/**
 * Options of `croupier serve` about the server's protection (docs/SECURITY.md "Limits"):
 * `--limits <json>` (env CROUPIER_LIMITS) and the web directory as a buildServer option.
 */
import { resolve } from 'node:path';
import { resolveLimits, type ServerLimits } from '../../server/limits.ts';
import { CliError } from '../io.ts';

/** The options these helpers read. */
interface LimitOptions {
  webDir?: string;
}

/** `--web-dir`, resolved, as a buildServer option. */
export const webDirOf = (o: LimitOptions): { webDir?: string } => (o.webDir ? { webDir: resolve(o.webDir) } : {});

/** `--limits`: a JSON object of limit names with non-negative integers (docs/SECURITY.md "Limits"). */
export function limitsOf(text: string | undefined): ServerLimits {
  let v: unknown;
  try {
    v = text === undefined ? undefined : JSON.parse(text);
  } catch {
    throw new CliError(
      'INVALID_ARGUMENTS',
      '--limits (env CROUPIER_LIMITS) must be a JSON object, e.g. \'{"httpMax":2400}\'',
    );
  }
  const r = resolveLimits(v);
  if (!r.ok) throw new CliError('INVALID_ARGUMENTS', `--limits (env CROUPIER_LIMITS): ${r.message}`);
  return r.value;
}
