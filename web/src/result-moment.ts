/**
 * The result of a coup as a moment (issue 16), pure: what each spot of the layout did in my
 * settlement (the server's outcomes: a position bet by its key, an announced bet by each of its
 * chips), and how long the moment lasts.
 */

/** The least time the result stays on the wheel and the layout after the ball lands, ms. */
export const MOMENT_MS = 6000;
/** When the losing chips start to be collected, ms after the landing (CSS animation). */
export const COLLECT_AFTER_MS = 1500;

/** What a spot did: its stake, what came back (stake included), won or lost. */
export interface SpotOutcome {
  readonly stake: number;
  readonly returned: number;
  readonly status: 'won' | 'lost' | 'other';
}

/** A settlement outcome as the server sends it (engine `outcomeJson`): a position bet or an announced one. */
interface OutcomeLike {
  readonly status: string;
  readonly stake?: number;
  readonly returned?: number;
  readonly key?: string;
  readonly chips?: ReadonlyArray<{ key?: string; stake?: number; returned?: number; status?: string }>;
}

/**
 * My outcomes by position key (minor units), bets on one position added up: won when anything
 * came back there as a win, lost when all was lost, other (en prison, freed, returned, la
 * partage) otherwise. Outcomes without a key (an old recall) are left out.
 */
export function spotOutcomes(bets: Readonly<Record<string, unknown>>): Map<string, SpotOutcome> {
  const out = new Map<string, { stake: number; returned: number; won: boolean; lost: boolean }>();
  const add = (key: string | undefined, stake: number, returned: number, status: string) => {
    if (!key) return;
    const o = out.get(key) ?? { stake: 0, returned: 0, won: false, lost: false };
    o.stake += stake;
    o.returned += returned;
    o.won ||= status === 'won';
    o.lost ||= status === 'lost';
    out.set(key, o);
  };
  for (const raw of Object.values(bets)) {
    const o = raw as OutcomeLike;
    if (o.chips && o.chips.length > 0)
      for (const c of o.chips) add(c.key, c.stake ?? 0, c.returned ?? 0, c.status ?? o.status);
    else add(o.key, o.stake ?? 0, o.returned ?? 0, o.status);
  }
  return new Map(
    [...out].map(([k, o]) => [
      k,
      { stake: o.stake, returned: o.returned, status: o.won ? 'won' : o.lost ? 'lost' : 'other' } as const,
    ]),
  );
}

/** Whether a moment that began at `since` (epoch ms) still shows at `now`. */
export function momentOn(since: number, now: number): boolean {
  return now - since < MOMENT_MS;
}
