/**
 * Words of the player's table added by issue 16 (skip links, the result of a coup, favourites,
 * patterns) in the five languages. A data table: every language has every key (the type says so).
 */
import type { Language } from '../i18n.ts';

/** The words of one language. `{x}` is replaced by {@link pw}'s variables. */
export interface PlayerWords {
  skipTo: string;
  skipLayout: string;
  skipRacetrack: string;
  skipChips: string;
  skipActions: string;
  returns: string;
  netCoup: string;
  coupDetails: string;
  favourites: string;
  favouriteName: string;
  saveFavourite: string;
  playFavourite: string;
  deleteFavourite: string;
  noFavourites: string;
  favouriteSaved: string;
  patterns: string;
  enPleinComplet: string;
  maximum: string;
  patternOf: string;
  patternRefused: string;
  close: string;
  zeroShare: string;
  /** After a bet the chef de table accepted after rien ne va plus (RULES §6). */
  byDerogation: string;
  /** The link's `?table=` names no table: `{id}` that name, `{name}` the table shown instead. */
  noSuchTable: string;
}

const EN: PlayerWords = {
  skipTo: 'Skip to',
  skipLayout: 'the layout',
  skipRacetrack: 'the racetrack',
  skipChips: 'the chips',
  skipActions: 'Undo / Clear / Rebet / Double',
  returns: 'returns {a}',
  netCoup: 'Net for the coup: {a}',
  coupDetails: 'Details of the coup',
  favourites: 'Favourites',
  favouriteName: 'Name of the favourite',
  saveFavourite: 'Save my bets',
  playFavourite: 'Play',
  deleteFavourite: 'Delete',
  noFavourites: 'No favourite yet: place bets, name them and save them.',
  favouriteSaved: 'Favourite saved: {n}',
  patterns: 'Bets around {n}',
  enPleinComplet: 'En plein complet',
  maximum: 'Maximum',
  patternOf: '{p} on {n}: {c} × {u} = {t}',
  patternRefused: 'Not on this layout: {n} has no complete pattern here',
  close: 'Close',
  zeroShare: 'Zero',
  byDerogation: 'by derogation',
  noSuchTable: 'There is no table “{id}”: you are at {name}.',
};

const FR: PlayerWords = {
  skipTo: 'Aller',
  skipLayout: 'au tapis',
  skipRacetrack: 'au cylindre',
  skipChips: 'aux jetons',
  skipActions: 'Annuler / Effacer / Rejouer / Doubler',
  returns: 'rapporte {a}',
  netCoup: 'Bilan du coup : {a}',
  coupDetails: 'Détail du coup',
  favourites: 'Favoris',
  favouriteName: 'Nom du favori',
  saveFavourite: 'Enregistrer mes mises',
  playFavourite: 'Jouer',
  deleteFavourite: 'Supprimer',
  noFavourites: 'Aucun favori : misez, nommez vos mises et enregistrez-les.',
  favouriteSaved: 'Favori enregistré : {n}',
  patterns: 'Mises autour du {n}',
  enPleinComplet: 'En plein complet',
  maximum: 'Maximum',
  patternOf: '{p} du {n} : {c} × {u} = {t}',
  patternRefused: 'Impossible sur ce tapis : pas de jeu complet du {n}',
  close: 'Fermer',
  zeroShare: 'Zéro',
  byDerogation: 'par dérogation',
  noSuchTable: 'Il n’y a pas de table « {id} » : vous êtes à la table {name}.',
};

const CS: PlayerWords = {
  skipTo: 'Přejít na',
  skipLayout: 'hrací pole',
  skipRacetrack: 'závodní dráhu',
  skipChips: 'žetony',
  skipActions: 'Zpět / Smazat / Opakovat / Zdvojit',
  returns: 'vrací {a}',
  netCoup: 'Výsledek kola: {a}',
  coupDetails: 'Podrobnosti kola',
  favourites: 'Oblíbené',
  favouriteName: 'Název oblíbené sázky',
  saveFavourite: 'Uložit mé sázky',
  playFavourite: 'Vsadit',
  deleteFavourite: 'Smazat',
  noFavourites: 'Zatím žádné oblíbené: vsaďte, pojmenujte sázky a uložte je.',
  favouriteSaved: 'Oblíbená sázka uložena: {n}',
  patterns: 'Sázky kolem čísla {n}',
  enPleinComplet: 'En plein complet',
  maximum: 'Maximum',
  patternOf: '{p} na {n}: {c} × {u} = {t}',
  patternRefused: 'Na tomto poli nelze: číslo {n} zde nemá úplnou sázku',
  close: 'Zavřít',
  zeroShare: 'Nula',
  byDerogation: 'přijato výjimkou',
  noSuchTable: 'Stůl „{id}“ neexistuje: jste u stolu {name}.',
};

const DE: PlayerWords = {
  skipTo: 'Springen zu',
  skipLayout: 'Tableau',
  skipRacetrack: 'Kesselfeld',
  skipChips: 'Jetons',
  skipActions: 'Zurück / Löschen / Wiederholen / Verdoppeln',
  returns: 'bringt {a}',
  netCoup: 'Ergebnis des Coups: {a}',
  coupDetails: 'Einzelheiten des Coups',
  favourites: 'Favoriten',
  favouriteName: 'Name des Favoriten',
  saveFavourite: 'Meine Einsätze speichern',
  playFavourite: 'Setzen',
  deleteFavourite: 'Löschen',
  noFavourites: 'Noch keine Favoriten: setzen, benennen und speichern.',
  favouriteSaved: 'Favorit gespeichert: {n}',
  patterns: 'Einsätze um die {n}',
  enPleinComplet: 'En plein complet',
  maximum: 'Maximum',
  patternOf: '{p} auf {n}: {c} × {u} = {t}',
  patternRefused: 'Auf diesem Tableau nicht möglich: kein vollständiges Spiel auf {n}',
  close: 'Schließen',
  zeroShare: 'Zero',
  byDerogation: 'ausnahmsweise angenommen',
  noSuchTable: 'Einen Tisch „{id}“ gibt es nicht: Sie sind am Tisch {name}.',
};

const IT: PlayerWords = {
  skipTo: 'Vai',
  skipLayout: 'al tappeto',
  skipRacetrack: 'al cilindro',
  skipChips: 'alle fiches',
  skipActions: 'Annulla / Cancella / Ripeti / Raddoppia',
  returns: 'rende {a}',
  netCoup: 'Saldo del colpo: {a}',
  coupDetails: 'Dettaglio del colpo',
  favourites: 'Preferiti',
  favouriteName: 'Nome del preferito',
  saveFavourite: 'Salva le mie puntate',
  playFavourite: 'Gioca',
  deleteFavourite: 'Elimina',
  noFavourites: 'Nessun preferito: punta, dai un nome alle puntate e salvale.',
  favouriteSaved: 'Preferito salvato: {n}',
  patterns: 'Puntate intorno al {n}',
  enPleinComplet: 'En plein complet',
  maximum: 'Massimo',
  patternOf: '{p} sul {n}: {c} × {u} = {t}',
  patternRefused: 'Non su questo tappeto: nessun gioco completo del {n}',
  close: 'Chiudi',
  zeroShare: 'Zero',
  byDerogation: 'in deroga',
  noSuchTable: 'Non esiste il tavolo «{id}»: siete al tavolo {name}.',
};

/** The five languages' words. */
export const PLAYER_WORDS: Record<Language, PlayerWords> = { en: EN, fr: FR, cs: CS, de: DE, it: IT };

/** A word of the player's table with its variables filled in: pw('en', 'returns', { a: '36.00 €' }). */
export function pw(lang: Language, key: keyof PlayerWords, vars: Record<string, string | number> = {}): string {
  return PLAYER_WORDS[lang][key].replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? `{${k}}`));
}
