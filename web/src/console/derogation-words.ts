/**
 * The words of the chef's derogation form of the console in the five languages (issue 12 item 5,
 * RULES §6); a bet it accepted is marked with the player's page's word (player/words.ts
 * `byDerogation`).
 */
import type { Language } from '../i18n.ts';

/** The words of the chef's derogation form of the console (issue 12 item 5, RULES §6). */
export interface DerogationWords {
  readonly title: string;
  readonly player: string;
  readonly number: string;
  readonly stake: string;
  readonly reason: string;
  readonly accept: string;
  readonly accepted: string;
  readonly chefOnly: string;
  /** The form is not complete (player, bet, stake). */
  readonly incomplete: string;
  /** A stake typed that is no amount (`{s}` what was typed, `{d}` the currency's decimals). */
  readonly badStake: string;
}

/** The derogation form's words in the five languages. `{n}`: the bet (kind and what it covers); `{p}`: the player. */
export const DEROGATION_WORDS: Readonly<Record<Language, DerogationWords>> = {
  en: {
    title: 'Derogation (chef de table)',
    player: 'Player',
    number: 'Bet',
    stake: 'Stake',
    reason: 'Reason',
    accept: 'Accept by derogation',
    accepted: 'Accepted by derogation: {n} for {p}.',
    chefOnly: 'After rien ne va plus and before the number is entered.',
    incomplete: 'Give the player, the bet and its stake.',
    badStake: '“{s}” is not a stake: an amount above 0 with at most {d} decimals.',
  },
  fr: {
    title: 'Dérogation (chef de table)',
    player: 'Joueur',
    number: 'Pari',
    stake: 'Mise',
    reason: 'Motif',
    accept: 'Accepter par dérogation',
    accepted: 'Accepté par dérogation : {n} pour {p}.',
    chefOnly: 'Après « rien ne va plus » et avant l’annonce du numéro.',
    incomplete: 'Indiquez le joueur, la mise et son montant.',
    badStake: '« {s} » n’est pas une mise : un montant supérieur à 0, avec au plus {d} décimales.',
  },
  de: {
    title: 'Ausnahme (Chef de table)',
    player: 'Spieler',
    number: 'Wette',
    stake: 'Einsatz',
    reason: 'Grund',
    accept: 'Ausnahmsweise annehmen',
    accepted: 'Ausnahmsweise angenommen: {n} für {p}.',
    chefOnly: 'Nach „rien ne va plus“ und bevor die Zahl eingegeben ist.',
    incomplete: 'Bitte Spieler, Wette und Einsatz angeben.',
    badStake: '„{s}“ ist kein Einsatz: ein Betrag über 0 mit höchstens {d} Nachkommastellen.',
  },
  it: {
    title: 'Deroga (Capo Tavolo)',
    player: 'Giocatore',
    number: 'Scommessa',
    stake: 'Puntata',
    reason: 'Motivo',
    accept: 'Accetta in deroga',
    accepted: 'Accettato in deroga: {n} per {p}.',
    chefOnly: 'Dopo « rien ne va plus » e prima che il numero sia inserito.',
    incomplete: 'Indicate il giocatore, la scommessa e la puntata.',
    badStake: '« {s} » non è una puntata: un importo maggiore di 0 con al massimo {d} decimali.',
  },
  cs: {
    title: 'Výjimka (chef de table)',
    player: 'Hráč',
    number: 'Druh sázky',
    stake: 'Sázka',
    reason: 'Důvod',
    accept: 'Přijmout výjimkou',
    accepted: 'Přijato výjimkou: {n} pro {p}.',
    chefOnly: 'Po „rien ne va plus“ a před zadáním čísla.',
    incomplete: 'Uveďte hráče, sázku a její výši.',
    badStake: '„{s}“ není sázka: částka větší než 0 s nejvýše {d} desetinnými místy.',
  },
};
