/**
 * The `croupier` command's start-up: what `croupier settle` (or any engine or math command) loads
 * before it runs. The server's, the stores' and the serial port's packages load only inside the
 * commands that use them (serve-run.ts, permanence, wheel-sim: dynamic imports), so that a game
 * studio's script calling the CLI per coup does not pay for Fastify, the database drivers and
 * pino at every call (1.0-1.3 s of start-up before, 0.3 s after; the commit that split serve.ts).
 * Checked statically: the value imports reachable from src/cli/main.ts, type-only imports and
 * dynamic imports left out, must not name those packages.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Packages that only the server, the stores or a serial device need. */
const HEAVY = ['fastify', '@fastify/', 'pg', 'better-sqlite3', 'ioredis', 'kysely', 'pino', 'serialport', 'ws'];

/** The specifiers a module's text loads when it is evaluated (static value imports and re-exports). */
function valueImports(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const out: string[] = [];
  for (const n of sf.statements) {
    if (ts.isImportDeclaration(n) && ts.isStringLiteral(n.moduleSpecifier)) {
      const c = n.importClause;
      const typeOnly =
        c !== undefined &&
        (c.isTypeOnly ||
          (c.name === undefined &&
            c.namedBindings !== undefined &&
            ts.isNamedImports(c.namedBindings) &&
            c.namedBindings.elements.length > 0 &&
            c.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) out.push(n.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(n) && !n.isTypeOnly && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier))
      out.push(n.moduleSpecifier.text);
  }
  return out;
}

/** Every package a module loads at its evaluation, through its relative imports, as "package (via file)". */
export function packagesLoadedBy(entry: string, read = (f: string) => readFileSync(join(ROOT, f), 'utf8')): string[] {
  const seen = new Set<string>();
  const packages: string[] = [];
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of valueImports(file, read(file))) {
      if (spec.startsWith('.')) visit(relative(ROOT, resolve(ROOT, dirname(file), spec)));
      else if (!spec.startsWith('node:')) packages.push(`${spec} (via ${file})`);
    }
  };
  visit(entry);
  return packages;
}

const heavy = (p: string) => HEAVY.some((h) => (h.endsWith('/') ? p.startsWith(h) : p.split(' ')[0] === h));

describe('croupier start-up', () => {
  it('regression: the CLI loaded the server, the stores and pino before every command (1 s of start-up for croupier settle)', () => {
    expect(packagesLoadedBy('src/cli/main.ts').filter(heavy)).toEqual([]);
  });

  it('the check sees a heavy package behind a value import, not behind a type-only one', () => {
    const files: Record<string, string> = {
      'a.ts': "import { b } from './b.ts';\nimport type { C } from './c.ts';\nimport { type D } from './d.ts';",
      'b.ts': "import Fastify from 'fastify';\nexport const b = 1;",
      'c.ts': "import pg from 'pg';",
      'd.ts': "import pino from 'pino';",
    };
    expect(packagesLoadedBy('a.ts', (f) => files[f]).filter(heavy)).toEqual(['fastify (via b.ts)']);
  });
});
