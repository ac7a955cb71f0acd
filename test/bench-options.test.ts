/**
 * The benchmarks' options (bench/options.ts). Regression (new-user QA): the scripts read their
 * options with `process.argv.indexOf`, so a typo (`--player 100`) was ignored and the full default
 * sizes ran (5,000 players, a 200,000-bet coup); `npm run bench -- --help` started the whole
 * suite. Regression (QA): the values were not checked (`--only bet`, `--stores sqlit`,
 * `--transports ws`, `--each 0` ran nothing or 0 bets and exited 0). Every bench command the
 * README and docs/MATH.md give still parses.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BENCH_PARTS, parseBenchArgs, type BenchScript } from '../bench/options.ts';

const doc = (p: string) => readFileSync(new URL(`../${p}`, import.meta.url), 'utf8');

/** The bench commands of a document, written in backticks (wrapped lines joined). */
function commands(text: string): string[] {
  return [...text.matchAll(/`((?:npm run bench|node --import tsx bench\/)[^`]*)`/g)].map((m) =>
    m[1].split(/\s+/).join(' '),
  );
}

/** The scripts and the option arguments of a command. */
function parsed(cmd: string): { scripts: readonly BenchScript[]; args: string[] } {
  const words = cmd.split(' ');
  if (words[0] === 'node') {
    const script = words[3].replace(/^bench\//, '').replace(/\.ts$/, '') as BenchScript;
    return { scripts: [script], args: words.slice(4) };
  }
  const rest = words.slice(3)[0] === '--' ? words.slice(4) : [];
  const part = rest[0] !== undefined && !rest[0].startsWith('-') ? rest[0] : 'engine';
  return {
    scripts: BENCH_PARTS[part as keyof typeof BENCH_PARTS],
    args: part === rest[0] ? rest.slice(1) : rest,
  };
}

describe('the benchmarks’ options', () => {
  it('regression: an unknown option is refused with the known ones named, not ignored', () => {
    expect(() => parseBenchArgs(['--player', '100'], ['table-net'])).toThrow(/--player.*Known options:.*--players/s);
    expect(() => parseBenchArgs(['--sizes', '1'], BENCH_PARTS.table)).toThrow(/--sizes-bet/);
    expect(() => parseBenchArgs(['--quick'], ['table-core'])).toThrow(/Unknown option '--quick'/);
    expect(() => parseBenchArgs(['table'], ['engine'])).toThrow(); // a stray argument
    expect(parseBenchArgs(['--players', '100', '--watch'], ['table-net'])).toMatchObject({
      players: '100',
      watch: true,
    });
    expect(parseBenchArgs(['--help'], ['engine']).help).toBe(true);
  });

  it('regression: a value the option does not take is refused with the option and the allowed values named', () => {
    // QA: these exited 0 and printed nonsense (an empty section, a "### sqlit" section with a
    // 0-bet row, 0 bets with a made-up server CPU per bet)
    const refused: Array<[string[], readonly BenchScript[], RegExp]> = [
      [['--only', 'bet'], ['table-net'], /--only "bet".*bets, settle, fanout, rss/],
      [['--stores', 'sqlit'], ['table-net'], /--stores "sqlit".*sqlite, postgres/],
      [['--stores', 'sqlite,'], ['table-core'], /--stores.*sqlite, postgres/],
      [['--stores', 'sqlite,sqlite'], ['table-net'], /--stores.*twice/],
      [['--transports', 'wss'], ['table-net'], /--transports "wss".*WebSocket, HTTP/],
      [['--fill', 'inorder'], ['table-core'], /--fill.*in-order/],
      [['--each', '0'], ['table-net'], /--each "0".*positive integer/],
      [['--each', '2.5'], ['table-net'], /--each.*positive integer/],
      [['--rounds=-1'], ['table-net'], /--rounds.*positive integer/],
      [['--players', '100,0'], ['table-net'], /--players.*positive integers/],
      [['--players', '1k'], ['table-net'], /--players.*positive integers/],
      [['--sockets', ''], ['table-net'], /--sockets.*positive integers/],
      [['--rate', '0'], ['table-net'], /--rate.*positive integers/],
      [['--sizes-bet', '1,,10'], ['table-core'], /--sizes-bet.*positive integers/],
      [['--sizes-settle', '1e3'], ['table-core'], /--sizes-settle.*positive integers/],
      [['--window', '0'], ['table-core'], /--window.*positive integer/],
      [['--bets=-5'], ['table-opening'], /--bets.*positive integer/],
      [['--budget-s', '0'], ['table-core'], /--budget-s.*positive number of seconds/],
      [['--duration-s', 'abc'], ['table-net'], /--duration-s.*positive number of seconds/],
      [['--only', 'bet'], BENCH_PARTS.table, /--only/], // checked by bench/run.ts for the part
    ];
    for (const [args, scripts, message] of refused)
      expect(() => parseBenchArgs(args, scripts), args.join(' ')).toThrow(message);
    // the documented spellings, transport names case-insensitive (`ws` too), given on as declared
    expect(
      parseBenchArgs(
        ['--transports', 'websocket,http', '--stores', 'SQLite', '--only', 'bets,rss', '--each', '2'],
        ['table-net'],
      ),
    ).toMatchObject({ transports: 'WebSocket,HTTP', stores: 'sqlite', only: 'bets,rss', each: '2' });
    expect(parseBenchArgs(['--transports', 'ws'], ['table-net']).transports).toBe('WebSocket');
    expect(parseBenchArgs(['--budget-s', '0.5', '--fill', 'in-order'], ['table-core'])).toMatchObject({
      'budget-s': '0.5',
      fill: 'in-order',
    });
  });

  it('every bench/table-*.ts is a script of the table part, its options declared', () => {
    const files = readdirSync(new URL('../bench/', import.meta.url)).filter((f) => /^table-.*\.ts$/.test(f));
    expect([...BENCH_PARTS.table].sort()).toEqual(files.map((f) => f.replace(/\.ts$/, '')).sort());
  });

  it('every bench command of the README and docs/MATH.md parses', () => {
    const all = [...commands(doc('README.md')), ...commands(doc('docs/MATH.md'))];
    expect(all.length).toBeGreaterThan(10);
    for (const cmd of all) {
      const { scripts, args } = parsed(cmd);
      expect(scripts, cmd).toBeDefined();
      expect(() => parseBenchArgs(args, scripts), cmd).not.toThrow();
    }
    // the options of MATH.md's "add `-- --quick`", "`-- --json`"
    expect(() => parseBenchArgs(['--quick', '--json'], BENCH_PARTS.engine)).not.toThrow();
  });
});
