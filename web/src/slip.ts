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

/**
 * Groups bets by spot (or by `keyOf`: the console's stacks are per player and spot), lines in the
 * order of each group's first bet; a line's key is its group's.
 */
export function groupSlip<B extends SlipBet>(bets: readonly B[], keyOf: (b: B) => string = spotOf): SlipLine<B>[] {
  const lines = new Map<string, B[]>();
  for (const b of bets) {
    const k = keyOf(b);
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

/**
 * What follows a stack's position (slip, console lists and bets): "" for one stake, " ×3" for
 * three equal stakes, and for stakes of different values each value (largest first, equal ones
 * counted): " (2 × 5.00 € + 2.00 €)" (QA: "×2, 7.00 €" read as two equal chips). `stakes`: each
 * stake of the stack (absent or all equal: `count` equal stakes).
 */
export function stackSuffix(
  count: number,
  stakes: readonly number[] | undefined,
  money: (minor: number) => string,
): string {
  if (stakes && stakes.length > 1 && stakes.some((x) => x !== stakes[0])) {
    const n = new Map<number, number>();
    for (const x of [...stakes].sort((a, b) => b - a)) n.set(x, (n.get(x) ?? 0) + 1);
    return ` (${[...n].map(([x, k]) => (k > 1 ? `${k} × ${money(x)}` : money(x))).join(' + ')})`;
  }
  return count > 1 ? ` ×${count}` : '';
}

/** One line of the console's bets on the layout: one player's bets on one spot (slip lines per player). */
export interface LayoutStack<B extends SlipBet & { readonly playerId: string }> extends SlipLine<B> {
  readonly playerId: string;
}

/**
 * The bets on the layout as stacks (QA: the console listed one line per chip): one line per
 * player and spot, as the croupier's lists (src/table/list-stacks.ts), in the order of each
 * stack's first bet.
 */
export function layoutStacks<B extends SlipBet & { readonly playerId: string }>(bets: readonly B[]): LayoutStack<B>[] {
  return groupSlip(bets, (b) => `${b.playerId}\u0000${spotOf(b)}`).map((l) => ({
    ...l,
    key: spotOf(l.bets[0]),
    playerId: l.bets[0].playerId,
  }));
}
