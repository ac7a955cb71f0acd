/**
 * The bet slip ("Your bets") as one line per spot: bets on the same position (or the same
 * announced bet with the same unit) are added up, with their count. Pure; tested in
 * test/web/slip.test.ts.
 */

/** What the grouping reads of a bet (api.ts BetJson). */
export interface SlipBet {
  readonly id: string;
  readonly type: 'position' | 'announce';
  readonly key?: string;
  readonly text?: string;
  readonly announce?: string;
  readonly unit?: number;
  readonly prison?: number;
  readonly stake: number;
}

/** One line of the slip. */
export interface SlipLine<B extends SlipBet> {
  /** The spot: position key (and prison level), or the announced bet and its unit. */
  readonly key: string;
  /** The bets of the line, in the order they were placed. */
  readonly bets: readonly B[];
  /** Their total stake (integer minor units). */
  readonly stake: number;
  readonly count: number;
}

/** The spot of a bet: bets with the same spot share a line. */
export function spotOf(b: SlipBet): string {
  if (b.type === 'announce') return `announce:${b.announce ?? ''}:${b.unit ?? 0}`;
  return `position:${b.key ?? b.text ?? b.id}:${b.prison ?? 0}`;
}

/** Groups bets by spot, lines in the order of each spot's first bet. */
export function groupSlip<B extends SlipBet>(bets: readonly B[]): SlipLine<B>[] {
  const lines = new Map<string, B[]>();
  for (const b of bets) {
    const k = spotOf(b);
    const line = lines.get(k);
    if (line) line.push(b);
    else lines.set(k, [b]);
  }
  return [...lines].map(([key, bs]) => ({
    key,
    bets: bs,
    stake: bs.reduce((s, b) => s + b.stake, 0),
    count: bs.length,
  }));
}
