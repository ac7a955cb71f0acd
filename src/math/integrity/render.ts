/**
 * Renderings of an {@link IntegrityReport}: Markdown (`--format md`), plain text for a terminal
 * (`--format text`) and a JSON document (`--format json`, numbers unrounded).
 */
import type { IntegrityReport } from './report.ts';

const pct = (x: number, digits = 1) => (Number.isFinite(x) ? `${(100 * x).toFixed(digits)}%` : '—');
const num = (x: number) => x.toLocaleString('en');

/** A p-value for a reader: 4 significant digits, exponent below 0.001. */
export function formatP(p: number): string {
  if (p === 0) return '< 1e-300';
  return p < 0.001 ? p.toExponential(2) : p.toFixed(4);
}

function statistic(t: IntegrityReport['tests'][number]): string {
  const v = Number.isInteger(t.statistic) ? String(t.statistic) : t.statistic.toFixed(2);
  return t.df !== undefined
    ? `χ² = ${v} (df ${t.df})`
    : t.id.endsWith('longest-run') || t.id.endsWith('progression') || t.id.startsWith('records')
      ? `${v} coups`
      : `z = ${v}`;
}

/** The report as Markdown. */
export function integrityMarkdown(r: IntegrityReport, file?: string): string {
  const out: string[] = [];
  out.push(`# Wheel integrity${file ? `: ${file}` : ''}`, '');
  for (const n of r.notes) if (n.level === 'warning') out.push(`> **Warning:** ${n.text}`, '');
  out.push(
    `**Verdict: ${r.verdict.pass ? 'PASS' : 'FAIL'}** — ${num(r.coups)} coups, ${r.wheel}-zero wheel, level ${r.alpha}, ${r.verdict.tests} tests (Holm-corrected).`,
    '',
  );
  for (const w of r.verdict.words) out.push(`- ${w}`);
  out.push(
    '',
    '## Tests',
    '',
    '| test | scope | statistic | p-value | Holm p | result | finding |',
    '|---|---|---:|---:|---:|---|---|',
  );
  for (const t of r.tests)
    out.push(
      `| ${t.id} | ${t.scope} | ${statistic(t)} | ${formatP(t.pValue)} | ${formatP(t.adjustedP)} | ${t.pass ? 'pass' : '**FAIL**'} | ${t.finding} |`,
    );
  out.push(
    '',
    '## Most deviant pockets',
    '',
    '| pocket | count | expected | z | p-value | Holm p (over pockets) |',
    '|---:|---:|---:|---:|---:|---:|',
  );
  for (const p of r.pockets.slice(0, 8))
    out.push(
      `| ${p.pocket} | ${num(p.count)} | ${p.expected.toFixed(1)} | ${p.z.toFixed(2)} | ${formatP(p.pValue)} | ${formatP(p.adjustedP)} |`,
    );
  const sections = r.tests.find((t) => t.id === 'sectors.sections' && t.scope === 'all');
  if (sections) {
    out.push('', '## Sections', '', '| section | pockets | count | expected | z |', '|---|---:|---:|---:|---:|');
    for (const s of sections.detail.sections as {
      name: string;
      size: number;
      count: number;
      expected: number;
      z: number;
    }[])
      out.push(`| ${s.name} | ${s.size} | ${num(s.count)} | ${s.expected.toFixed(1)} | ${s.z.toFixed(2)} |`);
  }
  out.push(...powerLines(r, '| ', ' |'));
  const info = r.notes.filter((n) => n.level === 'info');
  if (r.splits.length > 0 || info.length > 0) out.push('', '## Splits', '');
  for (const n of info) out.push(`- ${n.text}`);
  if (r.splits.length > 0) {
    if (info.length > 0) out.push('');
    out.push('| by | group | coups | tested |', '|---|---|---:|---|');
    for (const s of r.splits)
      for (const g of s.groups)
        out.push(`| ${s.by} | ${g.name} | ${num(g.coups)} | ${g.tested ? 'yes' : 'too few coups'} |`);
  }
  out.push('', '## Method', '');
  for (const [k, v] of Object.entries(r.method)) out.push(`- ${k}: ${v}`);
  return out.join('\n') + '\n';
}

function powerLines(r: IntegrityReport, open: string, close: string): string[] {
  const p = r.power;
  const out = ['', '## Power and edge', ''];
  out.push(`Coups needed to detect a bias with power ${pct(p.power, 0)} at level ${p.alpha}:`, '');
  out.push(
    `${open}bias (pocket / sector)${' | '}coups, one pocket${' | '}coups, sector of ${p.sector[0].width}${close}`,
    `${open}---:${' | '}---:${' | '}---:${close}`,
  );
  for (let i = 0; i < p.pocket.length; i++)
    out.push(
      `${open}${pct(p.pocket[i].bias, 0)} / ${pct(p.sector[i].bias, 0)} | ${num(p.pocket[i].coups)} | ${num(p.sector[i].coups)}${close}`,
    );
  out.push(
    '',
    `This file (${num(r.coups)} coups) detects a pocket bias of ${pct(p.detectable.pocket)} or a ${p.sector[0].width}-pocket sector bias of ${pct(p.detectable.sector)}.`,
  );
  for (const [name, e] of [
    ['most favoured pocket', p.favouredPocket],
    ['most favoured arc', p.favouredArc],
  ] as const)
    out.push(
      '',
      `Edge of a player on the ${name} (${e.pockets.join(', ')}; ${num(e.count)} coups) played en plein, if the estimate were true: ${pct(e.edge, 2)}; ${pct(e.credibility, 0)} credible interval ${pct(e.interval[0], 2)} to ${pct(e.interval[1], 2)}; posterior probability of a positive edge ${pct(e.probabilityPositive)}.`,
    );
  return out;
}

/** The report as plain text for a terminal. */
export function integrityText(r: IntegrityReport, file?: string): string {
  const out: string[] = [];
  out.push(
    `Wheel integrity${file ? ` of ${file}` : ''}: ${num(r.coups)} coups, ${r.wheel}-zero wheel, level ${r.alpha}`,
  );
  for (const n of r.notes) if (n.level === 'warning') out.push(`WARNING: ${n.text}`);
  out.push(`VERDICT: ${r.verdict.pass ? 'PASS' : 'FAIL'} (${r.verdict.failed} of ${r.verdict.tests} tests fail)`);
  for (const w of r.verdict.words) out.push(`  ${w}`);
  out.push('', 'Tests (p = the test alone, Holm = corrected over the suite):');
  const w = Math.max(...r.tests.map((t) => t.id.length + t.scope.length + 3));
  for (const t of r.tests)
    out.push(
      `  ${t.pass ? 'pass' : 'FAIL'}  ${`${t.id} [${t.scope}]`.padEnd(w)}  p ${formatP(t.pValue).padStart(9)}  Holm ${formatP(t.adjustedP).padStart(9)}  ${t.finding}`,
    );
  out.push('', 'Most deviant pockets:');
  for (const p of r.pockets.slice(0, 5))
    out.push(
      `  ${String(p.pocket).padStart(2)}: ${num(p.count)} coups, expected ${p.expected.toFixed(1)}, z = ${p.z.toFixed(2)}, Holm p ${formatP(p.adjustedP)}`,
    );
  out.push(
    ...powerLines(r, '  ', '')
      .map((l) => l.replace(/^## /, '').replace(/^\s+---.*$/, ''))
      .filter((l, i, a) => l !== '' || a[i - 1] !== ''),
  );
  for (const s of r.splits)
    out.push(
      '',
      `By ${s.by}: ${s.groups.map((g) => `${g.name} ${num(g.coups)}${g.tested ? '' : ' (too few)'}`).join(', ')}`,
    );
  const info = r.notes.filter((n) => n.level === 'info');
  if (info.length > 0) out.push('', ...info.map((n) => n.text));
  return out.join('\n') + '\n';
}
