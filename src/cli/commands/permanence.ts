/**
 * `croupier permanence --table ID [--date YYYY-MM-DD] [--format txt|csv|json]` (issue 13): the
 * permanence of a gaming day — one number per line as casinos publish it (txt, the default),
 * csv (coup, time, number, colour, direction, source) or json — read from the store
 * (`--data-dir`, SQLite, when no server holds it; `--store postgres --pg-url ...`) or from a
 * running server (`--server http://localhost:8080`, the public permanence route).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import type { PermanenceView } from '../../protocol/views-wheel.ts';
import type { Store } from '../../store/port.ts';
import { CliError } from '../io.ts';
import { CALENDAR_DATE_MESSAGE, isCalendarDate } from '../../protocol/dates.ts';

interface PermanenceOptions {
  table: string;
  date?: string;
  format: string;
  dataDir: string;
  store: string;
  pgUrl?: string;
  pgSchema: string;
  server?: string;
}

/** Registers the `permanence` command. */
export function registerPermanenceCommand(program: Command): void {
  program
    .command('permanence')
    .description("a table's permanence of a gaming day (txt: one number per line; csv; json)")
    .requiredOption('--table <id>', 'table id')
    .option('--date <yyyy-mm-dd>', "gaming day in the table's time zone (default: today)")
    .option('--format <f>', 'txt | csv | json', 'txt')
    .option('--data-dir <dir>', 'data directory of the SQLite store', process.env.CROUPIER_DATA_DIR ?? './data')
    .option('--store <kind>', 'sqlite | postgres', process.env.CROUPIER_STORE ?? 'sqlite')
    .option('--pg-url <url>', 'PostgreSQL URL (env CROUPIER_PG_URL)')
    .option('--pg-schema <name>', 'PostgreSQL schema', process.env.CROUPIER_PG_SCHEMA ?? 'croupier')
    .option('--server <url>', 'read it from a running server instead of the store (e.g. http://localhost:8080)')
    .action(async (o: PermanenceOptions) => {
      if (!['txt', 'csv', 'json'].includes(o.format))
        throw new CliError('INVALID_ARGUMENTS', '--format must be txt, csv or json');
      if (o.date !== undefined && !isCalendarDate(o.date))
        throw new CliError('INVALID_ARGUMENTS', `--date must be ${CALENDAR_DATE_MESSAGE}`);
      const p = o.server ? await fromServer(o) : await fromStore(o);
      // the application's and the stores' modules load when the command runs, not at every start
      // of the CLI (serve-run.ts)
      const { permanenceCsv, permanenceText } = await import('../../app/board.ts');
      const text =
        o.format === 'txt' ? permanenceText(p) : o.format === 'csv' ? permanenceCsv(p) : JSON.stringify(p) + '\n';
      process.stdout.write(text);
    });
}

async function fromServer(o: PermanenceOptions): Promise<PermanenceView> {
  // an address that is not an http(s) URL is the caller's mistake, not a server away (QA)
  if (!/^https?:\/\/[^/\s]+/i.test(o.server!) || !URL.canParse(o.server!))
    throw new CliError('INVALID_ARGUMENTS', '--server must be an http:// or https:// URL, e.g. http://localhost:8080');
  const url = `${o.server!.replace(/\/$/, '')}/api/tables/${encodeURIComponent(o.table)}/permanence?format=json${o.date ? `&date=${o.date}` : ''}`;
  let res: Response;
  try {
    res = await fetch(url);
  } catch (e) {
    throw new CliError('SERVER_UNAVAILABLE', `cannot reach ${o.server}: ${(e as Error).message}`);
  }
  const body = (await res.json().catch(() => null)) as PermanenceView & { error?: { code: string; message: string } };
  if (!res.ok) throw new CliError(body?.error?.code ?? 'HTTP_ERROR', body?.error?.message ?? `HTTP ${res.status}`);
  return body;
}

async function fromStore(o: PermanenceOptions): Promise<PermanenceView> {
  if (o.store !== 'sqlite' && o.store !== 'postgres')
    throw new CliError('INVALID_ARGUMENTS', '--store must be sqlite or postgres');
  const { defaultPgUrl, openPostgresStore, openSqliteStore } = await import('../../store/sql.ts');
  const { permanenceOf } = await import('../../app/board.ts');
  const { gamingDay } = await import('../../table/config.ts');
  // a read-only report never creates a store: a data directory without one is said (QA: it
  // created the directory and an empty database, then answered that the table did not exist)
  const file = join(o.dataDir, 'croupier.sqlite');
  if (o.store === 'sqlite' && !existsSync(file))
    throw new CliError(
      'NO_STORE',
      `no store in ${JSON.stringify(o.dataDir)} (${file} does not exist): give the server's --data-dir, or --server http://host:port`,
    );
  let store: Store;
  try {
    store =
      o.store === 'sqlite'
        ? await openSqliteStore(file)
        : await openPostgresStore(o.pgUrl ?? defaultPgUrl(), { schema: o.pgSchema });
  } catch (e) {
    const m = (e as Error).message;
    if (/in use by another process/.test(m))
      throw new CliError('STORE_IN_USE', `${m} (a server runs on it: use --server http://host:port)`);
    throw e;
  }
  try {
    const config = await store.getTable(o.table);
    if (!config) throw new CliError('UNKNOWN_TABLE', `no table ${JSON.stringify(o.table.slice(0, 40))} in the store`);
    return await permanenceOf(store, config, o.date ?? gamingDay(Date.now(), config.timeZone).date);
  } finally {
    await store.close();
  }
}
