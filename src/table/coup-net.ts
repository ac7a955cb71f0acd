/**
 * Where a stake's outcome belongs in the player's history (RULES §4, docs/RULES-NOTES.md #27,
 * docs/API.md "PlayerCoup"): to the coup in which the stake was placed, whenever it is decided.
 * A stake that goes en prison is not yet lost: its coup holds it `inPrison` until a later coup
 * frees it (net 0 for it), loses it (−stake) or halves it (la partage: −half), and that later
 * coup's net counts only its own new stakes and their returns. Pure: the store books the facts.
 */
import type { BetOutcome } from '../engine/index.ts';
import type { OutcomeJson } from '../protocol/events.ts';
import { recordSource } from './records.ts';
import type { CoupRecord } from './step.ts';

/**
 * The coup a bet was placed in, read from its table id `c<coup>-<n>` (docs/API.md, bets); null
 * for an id of another form or a coup not before `before` (the coup deciding it).
 */
export function betCoup(id: string, before: number): number | null {
  const m = /^c(\d{1,15})-\d+$/.exec(id);
  if (!m) return null;
  const coup = Number(m[1]);
  return coup < before ? coup : null;
}

/** A prisoner of an earlier coup decided in this one: freed, lost or halved. */
export interface PrisonDecision {
  /** The coup the stake was placed in (null: unknown, booked in the deciding coup as before). */
  readonly origin: number | null;
  readonly stake: number;
  /** What came back to the wallet: the stake when freed, half after la partage, 0 when lost. */
  readonly returned: number;
}

/** One player's prison facts of a settled coup (minor units). */
export interface PrisonBook {
  /** This coup's new stakes that went en prison in it (not a loss yet). */
  held: number;
  /** What the coup returned on prisoners of earlier coups (in the wallet's `returned`). */
  prisonerReturned: number;
  /** The prisoners of earlier coups this coup decided. */
  decided: PrisonDecision[];
}

type Outcome = Pick<BetOutcome, 'status' | 'stake' | 'returned' | 'kept'>;

function bookOf(books: Map<string, PrisonBook>, playerId: string): PrisonBook {
  let b = books.get(playerId);
  if (!b) books.set(playerId, (b = { held: 0, prisonerReturned: 0, decided: [] }));
  return b;
}

function add(
  books: Map<string, PrisonBook>,
  coup: number,
  playerId: string,
  id: string,
  prisoner: boolean,
  o: Outcome,
) {
  if (!prisoner) {
    if (o.status === 'imprisoned') bookOf(books, playerId).held += o.kept;
    return;
  }
  const b = bookOf(books, playerId);
  b.prisonerReturned += o.returned;
  // a prisoner one level deeper, or freed one level of several, is not decided yet
  if (o.status !== 'imprisoned') b.decided.push({ origin: betCoup(id, coup), stake: o.stake, returned: o.returned });
}

/**
 * Each player's prison facts of a coup record (none for a void coup): from the settlement's
 * outcomes when the record was built in this process, else from its JSON (a stored record).
 */
export function prisonBooks(record: CoupRecord): Map<string, PrisonBook> {
  const books = new Map<string, PrisonBook>();
  if (record.status !== 'settled' || !record.settlement) return books;
  const src = recordSource(record);
  if (src) {
    for (let i = 0; i < src.outcomes.length; i++) {
      const o = src.outcomes[i];
      if (i >= src.newBets || o.status === 'imprisoned')
        add(books, record.number, src.ownerOf[i], o.bet.id, i >= src.newBets, o);
    }
    return books;
  }
  const outcomes = (record.settlement as { bets?: Record<string, OutcomeJson> }).bets ?? {};
  for (const b of record.bets) {
    const id = (b.bet as { id?: unknown }).id;
    const o = typeof id === 'string' && Object.hasOwn(outcomes, id) ? outcomes[id] : undefined;
    if (o) add(books, record.number, b.playerId, id as string, b.prisoner, o as unknown as Outcome);
  }
  return books;
}
