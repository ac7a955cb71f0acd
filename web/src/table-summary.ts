/**
 * A large table's summary as the player's page shows it (issue 17; docs/WEB.md "A large
 * table"). On a table with more than 50 players the server sends players and guests the totals
 * per layout position of every bet (`summary`, src/protocol/views.ts BetsSummaryView) and only
 * their own bets. The page draws, on each position, what the OTHER players staked there:
 * the summary minus the player's own bets (which the player sees as their own chips), so the
 * same money is never shown twice. The activity line shows the table's totals, the player's
 * own bets included, and says so ("At the table"). Pure: no DOM, no clock.
 */
import { pocketText, type Pocket } from '../../src/engine/index.ts';
import type { BetJson } from './api.ts';
import { t, type Language } from './i18n.ts';
import { CURRENCY_SYMBOLS, decimalSeparator, type Currency } from './money.ts';

/** The summary as the page reads it (the wire's BetsSummaryView, only the fields used here): [key, stake, bets] per position. */
export interface SummaryLike {
  readonly totals: ReadonlyArray<readonly [key: string, stake: number, bets: number]>;
}

/** The other players' bets on one position: minor units, and bets (an announced bet's chip counts as one). */
export interface PositionTotal {
  readonly stake: number;
  readonly bets: number;
}

/**
 * The other players' totals per position key: the summary's totals minus the player's own
 * bets (`mine`; an announced bet counts chip by chip, as the server's summary does). A position
 * left with nothing is absent. A total never goes below zero: a bet of mine the summary does not
 * hold yet (my reply came before the next summary) is not taken from the others.
 */
export function othersTotals(summary: SummaryLike, mine: readonly BetJson[]): Map<string, PositionTotal> {
  const own = new Map<string, { stake: number; bets: number }>();
  const add = (key: string, stake: number) => {
    const t = own.get(key);
    if (t) {
      t.stake += stake;
      t.bets += 1;
    } else own.set(key, { stake, bets: 1 });
  };
  for (const b of mine) {
    if (b.chips) for (const c of b.chips) add(c.key, c.stake ?? (b.unit ?? 0) * c.chips);
    else if (b.key !== undefined) add(b.key, b.stake);
  }
  const out = new Map<string, PositionTotal>();
  for (const [key, total, count] of summary.totals) {
    const o = own.get(key);
    const stake = Math.max(0, total - (o?.stake ?? 0));
    const bets = Math.max(0, count - (o?.bets ?? 0));
    if (stake > 0) out.set(key, { stake, bets: Math.max(1, bets) });
  }
  return out;
}

/** Suffixes of thousands, millions and billions per language (the billion is the word's short form). */
const SUFFIXES: Record<string, readonly [string, string, string]> = {
  en: ['k', 'M', 'B'],
  fr: ['k', 'M', 'Md'],
  cs: ['k', 'M', 'mld'],
  de: ['k', 'M', 'Mrd'],
  it: ['k', 'M', 'Mld'],
};

/**
 * An amount of minor units in at most three significant digits for a marker on the layout:
 * 1234 (EUR, 2 decimals) → "12.3", 1_234_500 → "12.3k", 123_456_789 → "1.23M",
 * 250 → "2.5", 99_960 → "1k" (rounded half up, on the integer digits: never a float); the
 * language's decimal separator ("12,3k" in fr / cs / de / it). Without the currency symbol
 * (a chip's label does not carry it either): see {@link compactMoney}.
 */
export function compactAmount(minor: number, c: Currency, lang = 'en'): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not an amount of minor units: ${minor}`);
  const sign = minor < 0 ? '−' : '';
  const value = BigInt(Math.abs(minor)); // BigInt: exact scaling for every safe integer
  const suffixes = SUFFIXES[lang] ?? SUFFIXES.en;
  let unit = 10n ** BigInt(c.decimals);
  let level = 0; // 0: the major unit; 1, 2, 3: thousands, millions, billions
  while (level < 3 && value >= unit * 1000n) {
    unit *= 1000n;
    level++;
  }
  // three significant digits: 2, 1 or 0 decimals
  let text = roundTo(value, unit, value >= unit * 100n ? 0 : value >= unit * 10n ? 1 : 2);
  if (level < 3 && text.split('.')[0].length > 3) {
    // rounded up to the next power (999.6 → 1000): written with the next suffix ("1k")
    unit *= 1000n;
    level++;
    text = roundTo(value, unit, 2);
  }
  const trimmed = text.includes('.') ? text.replace(/\.?0+$/, '') : text;
  return `${sign}${trimmed.replace('.', decimalSeparator(lang))}${level ? suffixes[level - 1] : ''}`;
}

/** `value / unit` rounded half up to `decimals` decimals, as text with a "." ("12.30"). */
function roundTo(value: bigint, unit: bigint, decimals: number): string {
  const scale = 10n ** BigInt(decimals);
  const scaled = value * scale;
  const q = scaled / unit + ((scaled % unit) * 2n >= unit ? 1n : 0n);
  const digits = q.toString().padStart(decimals + 1, '0');
  return decimals > 0 ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits;
}

/** A compact amount with the currency: "12.3k €", "1,23M €" (fr); see {@link compactAmount}. */
export function compactMoney(minor: number, c: Currency, lang = 'en'): string {
  return `${compactAmount(minor, c, lang)} ${CURRENCY_SYMBOLS[c.code] ?? c.code}`;
}

/**
 * The heat of a position among the others' totals, 1 (least) … 4 (most): its stake against
 * the largest one, in quarters rounded up (above three quarters of the largest: 4; up to a quarter: 1).
 */
export function heatLevel(stake: number, largest: number): 1 | 2 | 3 | 4 {
  if (largest <= 0 || stake <= 0) return 1;
  const q = Math.ceil((4 * stake) / largest);
  return Math.min(4, Math.max(1, q)) as 1 | 2 | 3 | 4;
}

/** What the racetrack draws on a number (issue 17): the table's total staked en plein there, everyone's. */
export interface TrackTotal {
  readonly stake: number;
  readonly bets: number;
  /** The amount on its badge, as the layout's ("12.3k": {@link compactAmount}). */
  readonly short: string;
  /** Its heat among the numbers' totals ({@link heatLevel} against the largest). */
  readonly heat: 1 | 2 | 3 | 4;
  /** In words, for the number's label and tooltip: "17: 120.00 € en plein at the table". */
  readonly words: string;
}

/** The racetrack's badges from everyone's totals en plein per number (state/plein-totals.ts). */
export function trackTotals(
  pleins: ReadonlyMap<Pocket, PositionTotal>,
  c: Currency,
  lang: Language,
  money: (minor: number) => string,
): Map<Pocket, TrackTotal> {
  let largest = 0;
  for (const o of pleins.values()) largest = Math.max(largest, o.stake);
  const out = new Map<Pocket, TrackTotal>();
  for (const [p, o] of pleins)
    out.set(p, {
      stake: o.stake,
      bets: o.bets,
      short: compactAmount(o.stake, c, lang),
      heat: heatLevel(o.stake, largest),
      words: t(lang, 'pleinAtTable', { n: pocketText(p), s: money(o.stake) }),
    });
  return out;
}
