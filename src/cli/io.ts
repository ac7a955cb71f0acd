/**
 * Shared I/O of the `croupier` command: JSON in and out, and failures as JSON documents with
 * a stable code. Exit codes: 0 success, 2 invalid input (a rejection), 1 internal failure.
 */
import type { EngineError } from '../engine/index.ts';

/** A rejection the CLI reports as `{"error": {code, message, betId?}}` with exit code 2 (or `exitCode`). */
export class CliError extends Error {
  /** The process's exit code: 2 (invalid input) unless set, e.g. 1 for a service out of reach. */
  exitCode = 2;

  constructor(
    readonly code: string,
    message: string,
    readonly betId?: string,
  ) {
    super(message);
  }

  /** A service the command needs is out of reach (the database, Redis): `code`, exit code 1. */
  static unavailable(code: string, message: string): CliError {
    const e = new CliError(code, message);
    e.exitCode = 1;
    return e;
  }

  /** Wraps an engine rejection. */
  static from(e: EngineError): CliError {
    return new CliError(e.code, e.message, e.betId);
  }
}

/** Reads all of stdin as text. */
export async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) throw new CliError('INVALID_INPUT', 'expected a JSON document on standard input');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Parses JSON text (a leading byte order mark is skipped); a syntax error becomes INVALID_JSON. */
export function parseJson(text: string, what = 'input'): unknown {
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text); // a UTF-8 byte order mark is not JSON
  } catch (e) {
    throw new CliError('INVALID_JSON', `${what} is not valid JSON: ${(e as Error).message}`);
  }
}

/** Prints a JSON document on stdout (pretty when stdout is a terminal). */
export function printJson(doc: unknown): void {
  process.stdout.write(JSON.stringify(doc, null, process.stdout.isTTY ? 2 : undefined) + '\n');
}

/** Prints a failure as JSON on stdout and sets the exit code (2 for rejections, 1 otherwise). */
export function reportFailure(e: unknown): void {
  if (e instanceof CliError) {
    printJson({ error: { code: e.code, message: e.message, ...(e.betId ? { betId: e.betId } : {}) } });
    process.exitCode = e.exitCode;
    return;
  }
  const message = e instanceof Error ? e.message : String(e);
  printJson({ error: { code: 'INTERNAL', message } });
  if (process.env.CROUPIER_DEBUG) console.error(e);
  process.exitCode = 1;
}

/**
 * The number an integer option is written as: decimal digits, optionally with `_` separators or
 * an exponent (`1e3`, `2.5e3`), spaces around ignored. NaN for anything else, including what
 * `Number()` would read: hexadecimal `0x10`, binary `0b11`, octal `0o7`, a sign `+5`, `1.`.
 */
export function integerText(value: string): number {
  const t = value.trim().replace(/_/g, '');
  return /^\d+$/.test(t) || /^\d+(\.\d+)?e\d+$/i.test(t) ? Number(t) : NaN;
}

/** Reads a positive safe integer option; `code` on anything else. */
export function intOption(
  name: string,
  value: string | undefined,
  code: string,
  min = 1,
  max = Number.MAX_SAFE_INTEGER,
): number | undefined {
  if (value === undefined) return undefined;
  const v = integerText(value);
  if (!Number.isSafeInteger(v) || v < min || v > max)
    throw new CliError(code, `${name} must be an integer ${min}..${max}, got ${JSON.stringify(value)}`);
  return v;
}
