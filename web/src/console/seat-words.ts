/**
 * Words of the console's seats panel and of the croupiers named in the lists (issue 12 item 1:
 * "Collect: croupier de droite (alice)") in the five languages of RULES.md §7. The seats keep
 * their French names in every language, as the staff say them.
 */
import type { Seat } from '../../../src/protocol/seats.ts';
import type { Language } from '../i18n.ts';

/** The words of one language. */
export interface SeatWords {
  readonly title: string;
  readonly seats: Readonly<Record<Seat, string>>;
  readonly empty: string;
  readonly take: string;
  readonly leave: string;
  readonly clear: string;
  /** "Collect: {seat} ({name})". */
  readonly collect: string;
  /** "Pay: {seat} ({name})". */
  readonly pay: string;
}

const FR_SEATS: Readonly<Record<Seat, string>> = {
  chef: 'chef de table',
  droite: 'croupier de droite',
  gauche: 'croupier de gauche',
  bout: 'bout de table',
};

export const SEAT_WORDS: Readonly<Record<Language, SeatWords>> = {
  en: {
    title: 'Seats',
    seats: FR_SEATS,
    empty: 'empty',
    take: 'Take',
    leave: 'Leave',
    clear: 'Clear',
    collect: 'Collect: {seat} ({name})',
    pay: 'Pay: {seat} ({name})',
  },
  fr: {
    title: 'Places',
    seats: FR_SEATS,
    empty: 'libre',
    take: 'Prendre',
    leave: 'Quitter',
    clear: 'Libérer',
    collect: 'Ramasse : {seat} ({name})',
    pay: 'Paie : {seat} ({name})',
  },
  cs: {
    title: 'Místa',
    seats: FR_SEATS,
    empty: 'volné',
    take: 'Obsadit',
    leave: 'Opustit',
    clear: 'Uvolnit',
    collect: 'Shrabuje: {seat} ({name})',
    pay: 'Vyplácí: {seat} ({name})',
  },
  de: {
    title: 'Plätze',
    seats: FR_SEATS,
    empty: 'frei',
    take: 'Einnehmen',
    leave: 'Verlassen',
    clear: 'Freigeben',
    collect: 'Zieht ein: {seat} ({name})',
    pay: 'Zahlt: {seat} ({name})',
  },
  it: {
    title: 'Posti',
    seats: FR_SEATS,
    empty: 'libero',
    take: 'Occupa',
    leave: 'Lascia',
    clear: 'Libera',
    collect: 'Incassa: {seat} ({name})',
    pay: 'Paga: {seat} ({name})',
  },
};

/** "Collect: croupier de droite (alice)" / "(—)" for an empty seat, in a language. */
export function dutyText(lang: Language, which: 'collect' | 'pay', seat: Seat, name: string | null): string {
  const w = SEAT_WORDS[lang];
  return w[which].replace('{seat}', w.seats[seat]).replace('{name}', () => name ?? '—');
}
