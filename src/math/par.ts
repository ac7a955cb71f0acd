/**
 * PAR sheet: per bet of a rule set, the numbers covered, win probability, payout, exact house
 * edge and RTP, exact variance and standard deviation per unit staked (RULES.md §2-5).
 * Rendered as JSON, Markdown or CSV (`croupier par-sheet --rules french --format md`).
 */
import { catalogue, CHANCES, type Chance, type Position, type PositionKind } from '../engine/index.ts';
import { rulesJson } from '../engine/index.ts';
import type { Rules } from '../engine/index.ts';
import { winReturnFactor } from '../engine/internal.ts';
import { pocketsOf } from '../engine/index.ts';
import {
  announcedChips,
  chipsDistribution,
  moments,
  returnDistribution,
  type Outcome,
  type ReturnDistribution,
} from './distribution.ts';
import type { ZeroPolicy } from './edge.ts';
import { q, Rational } from './rational.ts';

/** The fixed announced series of RULES §5, listed on the PAR sheets of rule sets that offer announced bets. */
export const ANNOUNCE_SERIES = ['voisins-du-zero', 'tiers', 'orphelins', 'jeu-zero', 'jeu-7-9'] as const;

/** One line of a PAR sheet. All probabilities and money figures are per unit staked. */
export interface ParRow {
  /** Bet: a position kind, a chance simple ("chance" when all six are alike), or an announced bet. */
  readonly bet: PositionKind | Chance | string;
  /** `inside`, `outside` (douzaines, colonnes), `chance` (chances simples), `announced` (RULES §5). */
  readonly group: 'inside' | 'outside' | 'chance' | 'announced';
  /** How many positions of this kind the layout has (1 for a chance or announced row). */
  readonly positions: number;
  /** Numbers covered. */
  readonly numbers: number;
  /** Unit chips of an announced bet. */
  readonly chips?: number;
  /** Zero policy of a chance simple under en prison. */
  readonly policy?: ZeroPolicy;
  /** Probability that the bet wins outright on the coup it is placed (numbers / pockets). */
  readonly probability: Rational;
  /** Net payout as croupiers say it: "35 to 1", "1 to 2"; announced bets: "mixed". */
  readonly payout: string;
  readonly houseEdge: Rational;
  readonly rtp: Rational;
  /** Exact variance of the net result per unit staked. */
  readonly variance: Rational;
  /** Standard deviation per unit staked, √variance truncated to 9 decimals. */
  readonly sd: string;
  /** The exact return distribution (total return per unit staked, stake included). */
  readonly outcomes: readonly Outcome[];
}

/** A PAR sheet of one rule set. */
export interface ParSheet {
  readonly rules: Rules;
  readonly pockets: number;
  readonly rows: readonly ParRow[];
}

/** Net payout text of a total return factor f (stake included): f - 1 "to 1", or "1 to 2". */
export function netPayoutText(f: Rational): string {
  const net = f.sub(Rational.ONE);
  if (net.den === 1n) return `${net.num} to 1`;
  if (net.num === 1n) return `1 to ${net.den}`;
  return `${net.num}/${net.den} to 1`;
}

function row(base: Omit<ParRow, 'houseEdge' | 'rtp' | 'variance' | 'sd' | 'outcomes'>, d: ReturnDistribution): ParRow {
  const m = moments(d);
  return { ...base, houseEdge: m.edge, rtp: m.mean, variance: m.variance, sd: m.sd, outcomes: d.outcomes };
}

/**
 * Builds the PAR sheet of a rule set: one row per position kind the rule set offers (RULES §3a;
 * all positions of a kind share their figures), chances simples (one row per chance when they
 * differ, as under the historic rules; under en prison one row per zero policy: prison, partage,
 * optimal), and, where the rule set offers announced bets (french, european), the announced
 * series of RULES §5.
 */
export function parSheet(rules: Rules): ParSheet {
  const cat = catalogue(rules.wheel);
  const n = pocketsOf(rules.wheel).length;
  const rows: ParRow[] = [];
  const byKind = new Map<PositionKind, Position[]>();
  for (const p of cat.positions) byKind.set(p.kind, [...(byKind.get(p.kind) ?? []), p]);
  for (const [kind, list] of byKind) {
    if (kind === 'chance' || !rules.offered.includes(kind)) continue; // RULES §3a: only what the table offers
    const p = list[0];
    const f = winReturnFactor(kind, p.pockets.length, rules);
    const group = ['douzaine', 'colonne', 'douzaines', 'colonnes'].includes(kind) ? 'outside' : 'inside';
    rows.push(
      row(
        {
          bet: kind,
          group,
          positions: list.length,
          numbers: p.pockets.length,
          probability: q(p.pockets.length, n),
          payout: netPayoutText(q(f.num, f.den)),
        },
        returnDistribution(p, rules),
      ),
    );
  }
  const policies: ZeroPolicy[] = rules.chanceOnZero === 'prison' ? ['prison', 'partage', 'optimal'] : ['prison'];
  const chanceRows: ParRow[] = [];
  for (const chance of CHANCES) {
    const p = cat.byKey.get(chance) as Position;
    for (const policy of policies) {
      chanceRows.push(
        row(
          {
            bet: chance,
            group: 'chance',
            positions: 1,
            numbers: 18,
            ...(rules.chanceOnZero === 'prison' ? { policy } : {}),
            probability: q(18, n),
            payout: '1 to 1',
          },
          returnDistribution(p, rules, policy),
        ),
      );
    }
  }
  const alike = chanceRows.every(
    (r, i) =>
      r.houseEdge.equals(chanceRows[i % policies.length].houseEdge) &&
      r.variance.equals(chanceRows[i % policies.length].variance),
  );
  rows.push(
    ...(alike ? chanceRows.slice(0, policies.length).map((r) => ({ ...r, bet: 'chance', positions: 6 })) : chanceRows),
  );
  if (rules.announcedBets && rules.wheel === 'single') {
    for (const name of ANNOUNCE_SERIES) {
      const chips = announcedChips(name);
      const d = chipsDistribution(chips, rules);
      const covered = new Set(chips.flatMap((c) => c.position.pockets)).size;
      const win = d.outcomes.filter((o) => !o.ret.isZero()).reduce((s, o) => s.add(o.prob), Rational.ZERO);
      rows.push(
        row(
          {
            bet: name,
            group: 'announced',
            positions: 1,
            numbers: covered,
            chips: chips.reduce((s, c) => s + c.count, 0),
            probability: win,
            payout: 'mixed',
          },
          d,
        ),
      );
    }
  }
  return { rules, pockets: n, rows };
}

/** Percentage text of a rational with 4 decimals ("2.7027"). */
function pct(r: Rational): string {
  return r.mul(q(100)).toFixed(4);
}

/** JSON document of a PAR sheet: fractions as "a/b" strings, decimals beside them. */
export function parSheetJson(sheet: ParSheet) {
  return {
    rules: rulesJson(sheet.rules),
    pockets: sheet.pockets,
    notes: [
      'figures are per unit staked; returns include the stake',
      'houseEdge = 1 - E[R], variance = Var(R) of the net result, exact rationals; sd = sqrt(variance) truncated to 9 decimals (the only inexact step)',
      "en prison chances: the distribution is over the stake's whole lifetime until paid, freed, halved or lost (see docs/MATH.md)",
    ],
    bets: sheet.rows.map((r) => ({
      bet: r.bet,
      group: r.group,
      positions: r.positions,
      numbers: r.numbers,
      ...(r.chips !== undefined ? { chips: r.chips } : {}),
      ...(r.policy ? { policy: r.policy } : {}),
      probability: r.probability.toString(),
      probabilityDecimal: r.probability.toFixed(9),
      payout: r.payout,
      houseEdge: r.houseEdge.toString(),
      houseEdgePercent: pct(r.houseEdge),
      rtp: r.rtp.toString(),
      variance: r.variance.toString(),
      sd: r.sd,
      outcomes: r.outcomes.map((o) => ({ ret: o.ret.toString(), prob: o.prob.toString(), label: o.label })),
    })),
  };
}

const COLUMNS = [
  'bet',
  'group',
  'policy',
  'positions',
  'numbers',
  'probability',
  'payout',
  'houseEdge',
  'houseEdgePercent',
  'rtp',
  'variance',
  'sd',
] as const;

function flat(r: ParRow): Record<(typeof COLUMNS)[number], string> {
  return {
    bet: r.chips !== undefined ? `${r.bet} (${r.chips} chips)` : String(r.bet),
    group: r.group,
    policy: r.policy ?? '',
    positions: String(r.positions),
    numbers: String(r.numbers),
    probability: r.probability.toString(),
    payout: r.payout,
    houseEdge: r.houseEdge.toString(),
    houseEdgePercent: pct(r.houseEdge),
    rtp: r.rtp.toString(),
    variance: r.variance.toString(),
    sd: r.sd,
  };
}

/** CSV (RFC 4180, header line, comma-separated, CRLF-free) of a PAR sheet. */
export function parSheetCsv(sheet: ParSheet): string {
  const esc = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const lines = [COLUMNS.join(',')];
  for (const r of sheet.rows) {
    const f = flat(r);
    lines.push(COLUMNS.map((c) => esc(f[c])).join(','));
  }
  return lines.join('\n') + '\n';
}

/** Markdown table of a PAR sheet, with a heading naming the rule set. */
export function parSheetMarkdown(sheet: ParSheet): string {
  const r = sheet.rules;
  const prison =
    r.chanceOnZero === 'prison' ? `, en prison ${r.prison.maxLevel} level(s), ${r.prison.atLimit} at the limit` : '';
  const head = [
    'bet',
    'policy',
    'positions',
    'numbers',
    'P(win)',
    'payout',
    'house edge',
    'edge %',
    'RTP',
    'variance',
    'SD/unit',
  ];
  const lines = [
    `# PAR sheet: ${r.preset} (${sheet.pockets} pockets, chances on zero: ${r.chanceOnZero}${prison}, ${r.payout} payouts)`,
    '',
    `| ${head.join(' | ')} |`,
    `|${head.map((_, i) => (i < 2 ? '---' : '---:')).join('|')}|`,
  ];
  for (const row of sheet.rows) {
    const f = flat(row);
    lines.push(
      `| ${[f.bet, f.policy, f.positions, f.numbers, f.probability, f.payout, f.houseEdge, f.houseEdgePercent, f.rtp, f.variance, f.sd].join(' | ')} |`,
    );
  }
  lines.push(
    '',
    'Per unit staked; returns include the stake. House edge, RTP and variance are exact; SD = √variance truncated to 9 decimals.',
  );
  if (r.chanceOnZero === 'prison')
    lines.push("En prison rows: distribution over the stake's whole lifetime (until paid, freed, halved or lost).");
  return lines.join('\n') + '\n';
}
