/**
 * Rules-engine commands: `settle`, `expand`, `catalogue`, `rtp` (issue "rules engine").
 */
import type { Command } from 'commander';
import { chipCount, coveredPockets, expandAnnounce, parseAnnounce } from '../../engine/index.ts';
import { MAX_STAKE } from '../../engine/index.ts';
import { parseBets, settleCoup } from '../../engine/index.ts';
import { CHANCES, catalogue, INSIDE_KINDS, type PositionKind } from '../../engine/index.ts';
import { chipsJson, payoutText, positionJson, rulesJson, settlementJson } from '../../engine/index.ts';
import { resolveRules, type Rules } from '../../engine/index.ts';
import { parsePocket, pocketLabel } from '../../engine/index.ts';
import { edgeTable } from '../../math/edge.ts';
import { CliError, integerText, parseJson, printJson, readStdin } from '../io.ts';

/** Reads a `--rules` value: a preset name or a JSON object. */
export function rulesOption(text: string): Rules {
  const raw = text.trim().startsWith('{') ? parseJson(text, '--rules') : text;
  const r = resolveRules(raw);
  if (!r.ok) throw CliError.from(r.error);
  return r.value;
}

/**
 * `settle`: stdin `{"rules", "outcome", "bets": [...]}` → settlement JSON (see report.ts).
 * Exit 2 with `{"error": {code, message, betId}}` on invalid input.
 */
export function settleDocument(doc: unknown) {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    throw new CliError('INVALID_INPUT', 'expected an object {"rules", "outcome", "bets"}');
  const d = doc as Record<string, unknown>;
  for (const key of Object.keys(d)) {
    if (!['rules', 'outcome', 'bets'].includes(key))
      throw new CliError('INVALID_INPUT', `unknown field "${key}" (expected rules, outcome, bets)`);
  }
  if (d.rules === undefined) throw new CliError('INVALID_INPUT', 'missing "rules"');
  if (d.outcome === undefined) throw new CliError('INVALID_INPUT', 'missing "outcome"');
  if (d.bets === undefined) throw new CliError('INVALID_INPUT', 'missing "bets" (a list, possibly empty)');
  const rules = resolveRules(d.rules);
  if (!rules.ok) throw CliError.from(rules.error);
  const pocket = parsePocket(d.outcome, rules.value.wheel);
  if (!pocket.ok) throw new CliError('INVALID_OUTCOME', `outcome: ${pocket.error.message}`);
  const bets = parseBets(d.bets, rules.value);
  if (!bets.ok) throw CliError.from(bets.error);
  return settlementJson(rules.value, settleCoup(rules.value, pocket.value, bets.value));
}

/**
 * `catalogue`: the positions of a wheel's layout (`--wheel`, default single), or, with `--rules`,
 * only those the rule set offers (RULES §3a) and whether it offers announced bets. Exit 2
 * (INVALID_INPUT) on a bad wheel or a wheel that is not the rule set's.
 */
export function catalogueDocument(opts: { wheel?: string; rules?: string }) {
  const rules = opts.rules === undefined ? undefined : rulesOption(opts.rules);
  const wheel = opts.wheel ?? rules?.wheel ?? 'single';
  if (wheel !== 'single' && wheel !== 'double') throw new CliError('INVALID_INPUT', '--wheel must be single or double');
  if (rules && rules.wheel !== wheel)
    throw new CliError(
      'INVALID_INPUT',
      `the ${rules.preset} rules play a ${rules.wheel}-zero wheel, not --wheel ${wheel}`,
    );
  const cat = catalogue(wheel);
  const positions = rules ? cat.positions.filter((p) => rules.offered.includes(p.kind)) : cat.positions;
  const counts: Record<string, number> = {};
  for (const p of positions) counts[p.kind] = (counts[p.kind] ?? 0) + 1;
  const inside = positions.filter((p) => INSIDE_KINDS.includes(p.kind)).length;
  return {
    wheel: cat.wheel,
    ...(rules ? { rules: rulesJson(rules), announcedBets: rules.announcedBets } : {}),
    counts: { ...counts, inside, total: positions.length },
    positions: positions.map((p) => ({ index: p.index, ...positionJson(p), payout: payoutText(p.kind) })),
  };
}

/** Registers the engine commands. */
export function registerEngineCommands(program: Command): void {
  program
    .command('settle')
    .description('settle one coup: JSON {"rules","outcome","bets"} on stdin, JSON result on stdout')
    .action(async () => {
      printJson(settleDocument(parseJson(await readStdin())));
    });

  program
    .command('expand')
    .description(
      'expand an announced bet into its chips, e.g. `expand voisins-du-zero`, `expand voisins --number 17 --neighbours 2`, `expand --finale 0/3`',
    )
    .argument('[announce]', 'voisins-du-zero | tiers | orphelins | jeu-zero | jeu-7-9 | voisins')
    .option('--number <n>', 'centre of a neighbours bet')
    .option('--neighbours <k>', 'neighbours on each side', integerText)
    .option('--finale <d>', 'finale en plein (a digit) or à cheval (a/b)')
    .option('--unit <minor>', 'unit per chip in minor units', integerText, 1)
    .action(
      (announce: string | undefined, opts: { number?: string; neighbours?: number; finale?: string; unit: number }) => {
        if (!Number.isSafeInteger(opts.unit) || opts.unit <= 0 || opts.unit > MAX_STAKE)
          throw new CliError('INVALID_STAKE', `--unit must be a positive integer of minor units up to ${MAX_STAKE}`);
        if (announce === undefined && opts.finale === undefined)
          throw new CliError('UNKNOWN_ANNOUNCE', 'name an announced bet or give --finale');
        const a = parseAnnounce(
          { announce, number: opts.number, neighbours: opts.neighbours, finale: opts.finale },
          'single',
        );
        if (!a.ok) throw CliError.from(a.error);
        const chips = expandAnnounce(a.value);
        if (opts.unit * chipCount(chips) > MAX_STAKE)
          throw new CliError(
            'INVALID_STAKE',
            `the total stake ${opts.unit * chipCount(chips)} exceeds ${MAX_STAKE} minor units`,
          );
        printJson({
          unit: opts.unit,
          chipCount: chipCount(chips),
          stake: opts.unit * chipCount(chips),
          numbers: coveredPockets(chips).map(pocketLabel),
          chips: chipsJson(chips, opts.unit),
        });
      },
    );

  program
    .command('catalogue')
    .alias('catalog')
    .description(
      'list the legal positions of a layout: every position of a wheel (--wheel), or only what a rule set offers (--rules, RULES §3a)',
    )
    .option('--wheel <wheel>', 'single | double (the whole layout of the wheel)')
    .option('--rules <rules>', 'preset name or JSON rules object: only the positions this rule set offers')
    .action((opts: { wheel?: string; rules?: string }) => {
      printJson(catalogueDocument(opts));
    });

  program
    .command('rtp')
    .description('exact house edge and RTP per bet kind the rule set offers, as reduced fractions')
    .option('--rules <rules>', 'preset name or JSON rules object', 'french')
    .action((opts: { rules: string }) => {
      const rules = rulesOption(opts.rules);
      printJson({
        rules: rulesJson(rules),
        // only the bets the rule set offers (RULES §3a); chances simples may be one row per chance
        bets: edgeTable(rules)
          .filter(
            (r) => (CHANCES as readonly string[]).includes(r.bet) || rules.offered.includes(r.bet as PositionKind),
          )
          .map((r) => ({
            bet: r.bet,
            numbers: r.numbers,
            ...(r.policy ? { policy: r.policy } : {}),
            houseEdge: r.houseEdge.toString(),
            rtp: r.rtp.toString(),
            houseEdgePercent: Number((r.houseEdge.toNumber() * 100).toFixed(6)),
          })),
      });
    });
}
