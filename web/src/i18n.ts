/**
 * UI texts of the web table and the croupier console in the five languages of RULES.md §7.
 *
 * Bet names, chances simples and the croupier's calls come from the engine's term tables
 * (KIND_NAMES, CHANCE_NAMES, CALLS, announce()); only the words of the interface itself
 * (buttons, headings) are written here.
 */
import { CALLS, CHANCE_NAMES, KIND_NAMES, LANGUAGES, announce, type Language } from '../../src/engine/index.ts';
import type { Chance, PositionKind } from '../../src/engine/index.ts';
import type { Pocket } from '../../src/engine/index.ts';

export { LANGUAGES, type Language };
/** Names of the chances simples per language (engine table). */
export const CHANCE_NAMES_UI = CHANCE_NAMES;

/** Native names of the languages, for the language switch. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  fr: 'Français',
  en: 'English',
  cs: 'Čeština',
  de: 'Deutsch',
  it: 'Italiano',
};

const EN = {
  paused: 'Table paused',
  bannerPaused: 'The croupier has paused the table: no bets until the next coup opens.',
  bannerClosed: 'The table is closed: betting opens when the croupier opens the gaming day.',
  bannerNoMoreBets: 'Rien ne va plus: betting is closed for this coup.',
  bannerSettled: 'Betting is closed until the next coup opens.',
  bannerPauseSoon: 'The croupier will pause the table after this coup.',
  atNextZero: 'At the next zero',
  newChancesAtZero: 'New chances simples at a zero',
  mode: 'Wheel',
  modeManual: 'physical wheel (the croupier enters the number)',
  modeRng: 'random number generator',
  rngNote: 'The server draws the number of this table.',
  closeFirst: 'Call “rien ne va plus” first.',
  tables: 'Tables',
  table: 'Table',
  remove: 'Remove',
  title: 'Roulette table',
  balance: 'Balance',
  staked: 'On the table',
  win: 'Win of the coup',
  lastWin: 'Last coup',
  chips: 'Chips',
  chipValue: 'Chip of {v}',
  undo: 'Undo',
  clear: 'Clear',
  rebet: 'Rebet',
  double: 'Double',
  // short words of the phone's bar where the whole ones do not fit (player/actions-fit.ts)
  undoShort: 'Undo',
  /** The layout's short words for the chances pair / impair where the full ones do not fit (layout-fit.ts). */
  pairShort: 'even',
  impairShort: 'odd',
  clearShort: 'Clear',
  rebetShort: 'Rebet',
  doubleShort: 'Double',
  betSlip: 'Your bets',
  noBets: 'No bets yet: pick a chip, then click a spot on the layout or the racetrack.',
  total: 'Total',
  racetrack: 'Racetrack (announced bets)',
  neighbours: 'Neighbours each side',
  neighboursOf: 'Neighbours of {n} (±{k})',
  finales: 'Finales',
  finalePlein: 'Finale en plein',
  finaleCheval: 'Finale à cheval',
  place: 'Place',
  layout: 'Layout',
  lastNumbers: 'Last numbers',
  hot: 'Hot',
  cold: 'Cold',
  stats: 'Statistics',
  history: 'My history',
  noHistory: 'No coup played yet.',
  coup: 'Coup',
  result: 'Result',
  bet: 'Bet',
  stake: 'Stake',
  returned: 'Returned',
  net: 'Net',
  limits: 'Limits',
  pays: 'pays {p}',
  minMax: 'min {min} · max {max}',
  yourStake: 'your stake {s}',
  othersStake: 'other players {s} ({b})',
  pleinAtTable: '{n}: {s} en plein at the table',
  tableActivity: 'At the table: {p} · {b} · {s} staked',
  othersLegend: 'Amounts on the layout: the other players’ stakes',
  othersAmounts: 'The other players’ stakes per spot',
  othersShow: 'Show the other players’ stakes per spot',
  prison: 'En prison',
  prisoners: 'Your prisoners',
  prisonLevel: 'level {k}',
  pendingChoice: 'choice pending',
  logOut: 'Log out',
  stay: 'Stay en prison',
  moveTo: 'Move to',
  move: 'Move',
  choiceOpen: 'Zero! Choose for your chances simples within {s} s',
  waiting: 'Waiting for the croupier',
  closed: 'Table closed',
  betting: 'Bets open',
  launched: 'The ball is running',
  noMoreBets: 'No more bets',
  settled: 'Result',
  countdown: '{s} s',
  language: 'Language',
  connect: 'Connecting…',
  disconnected: 'Connection lost, reconnecting…',
  name: 'Your name',
  join: 'Sit down',
  welcome: 'Welcome! Choose a name to sit at the table.',
  rules: 'Rules',
  tableMin: 'Table minimum',
  youWon: 'You win {a}',
  youLost: 'No win this coup',
  nameBlank: 'Type your name first.',
  nameTooLong: 'A name has at most {n} characters.',
  useJoin: 'New here? Use “Join” to create a player.',
  notStaff: 'This is a player’s token: the croupier console needs a croupier or admin token.',
  badToken: 'Unknown or expired token.',
  stakeBack: 'Stake back {a}',
  netResult: 'Net {a}',
  heldPrisonLine: 'en prison (level {k}), held',
  heldInPrison: '{a} held en prison',
  fromPrison: 'Returned from prison {a}',
  error: 'Refused',
  integrityAlert: 'Wheel integrity alert',
  help: 'Help',
  helpText:
    'Pick a chip, then click (or Tab to it and press Enter) a number, a line between numbers (cheval), a crossing (carré), a row end (transversale / sixain), a box outside, or a section of the racetrack. Arrow keys move between spots; Backspace undoes.',
  wheel: 'Wheel',
  permanence: 'Permanence of the day',
  openDay: 'Open the gaming day',
  openBetting: 'Faites vos jeux (open betting)',
  launch: 'Launch the ball',
  closeBetting: 'Rien ne va plus (close betting)',
  enterNumber: 'Number of the wheel',
  confirm: 'Confirm',
  payments: 'Payment list',
  paysCroupier: 'The {who}-hand croupier pays, the {other}-hand croupier collects.',
  left: 'left',
  right: 'right',
  placement: 'Placement',
  besideStake: 'beside the stake',
  toPlayer: 'to the player',
  player: 'Player',
  amount: 'Amount',
  action: 'Action',
  noPayments: 'No winning bet.',
  croupierConsole: 'Croupier console',
  token: 'Croupier token',
  phase: 'Phase',
  players: 'Players',
  betsOnLayout: 'Bets on the layout',
  pause: 'Pause the table',
  dayDate: 'Gaming day',
  ballInPocket: 'The ball lies in {n}',
  dozen: ['1st 12', '2nd 12', '3rd 12'],
  column: '2 to 1',
  announced: {
    'voisins-du-zero': 'Voisins du zéro',
    tiers: 'Tiers du cylindre',
    orphelins: 'Orphelins',
    'jeu-zero': 'Jeu zéro',
    'jeu-7-9': 'Jeu 7/9',
  },
  action_pay: 'pay',
  action_free: 'free',
  action_partage: 'half back',
  action_return: 'return',
  status_won: 'won',
  status_lost: 'lost',
  status_imprisoned: 'en prison',
  status_freed: 'freed',
  status_partage: 'la partage',
  status_returned: 'returned',
  status_open: 'on the table',
  // automatic wheel (issue 13)
  held: 'Coup held',
  bannerHeld:
    'The wheel reported a fault: the coup is held for the chef de table. Your bets stay until the chef decides.',
  wheelMissSpin: 'No spin: the ball is launched again. Your bets stay.',
  wheelVoid: 'The wheel reported a fault: the coup is void and every stake is returned.',
  wheelManual: 'The croupier has taken over the wheel.',
  wheelAuto: 'The automatic wheel drives the table again.',
  wheelPanel: 'Automatic wheel',
  wheelLink: 'Link',
  wheelState: 'Wheel state',
  wheelWarnings: 'Warnings',
  wheelSpin: 'Spin counter',
  wheelTakeOver: 'Take over with the keypad',
  wheelHandBack: 'Hand back to the wheel',
  wheelVoidCoup: 'Void the coup',
  wheelVoidReason: 'Reason for the void',
  wheelHeldBy: 'Held by a wheel fault',
  // results board and permanence (issue 13)
  boardHot: 'Hot numbers',
  boardCold: 'Cold numbers',
  boardOver: 'last {n} coups',
  boardDozens: 'Dozens',
  boardColumns: 'Columns',
  boardMinimum: 'Minimum',
  boardMaxPlein: 'Maximum plein',
  boardMaxChance: 'Maximum chances',
  boardZero: 'Zero',
  boardNoResults: 'No result yet',
  boardUnknownTable: 'There is no table “{table}” in this casino: check the address of this screen (/board?table=…).',
  boardUnavailable: 'The results cannot be read just now (HTTP {status}); the screen will try again.',
  permTitle: 'Permanence',
  permPrint: 'Print',
  permVoided: '{n} void coups not listed',
  permNone: 'No coup on this day',
  permBadDate: 'No such day: {d} (YYYY-MM-DD)',
  permUnknownTable: 'There is no table “{table}” in this casino: check the address of this page (/permanence?table=…).',
  permUnavailable: 'The permanence cannot be read just now (HTTP {status}): reload the page to try again.',
  chooseTable: 'Choose a table',
  chooseTableText: 'This page shows one table: choose it below (its address then ends in ?table=…).',
  chooseTableNone: 'There is no table in this casino yet.',
  chooseTableUnavailable: 'The list of tables cannot be read just now (HTTP {status}): reload the page to try again.',
};

/** The shape of a UI dictionary. */
export type Dict = typeof EN;

const FR: Dict = {
  ...EN,
  paused: 'Table suspendue',
  bannerPaused: 'Le croupier a suspendu la table : pas de mise avant l’ouverture du prochain coup.',
  bannerClosed: 'La table est fermée : les mises ouvriront quand le croupier ouvrira la journée.',
  bannerNoMoreBets: 'Rien ne va plus : les mises sont closes pour ce coup.',
  bannerSettled: 'Les mises sont closes jusqu’à l’ouverture du prochain coup.',
  bannerPauseSoon: 'Le croupier suspendra la table après ce coup.',
  atNextZero: 'Au prochain zéro',
  newChancesAtZero: 'Nouvelles chances simples, sur un zéro',
  mode: 'Cylindre',
  modeManual: 'cylindre physique (le croupier saisit le numéro)',
  modeRng: 'générateur de nombres aléatoires',
  rngNote: 'Le serveur tire le numéro de cette table.',
  closeFirst: 'Annoncez d’abord « rien ne va plus ».',
  tables: 'Tables',
  table: 'Table',
  remove: 'Retirer',
  title: 'Table de roulette',
  balance: 'Solde',
  staked: 'Sur le tapis',
  win: 'Gain du coup',
  lastWin: 'Dernier coup',
  chips: 'Jetons',
  chipValue: 'Jeton de {v}',
  undo: 'Annuler',
  clear: 'Tout retirer',
  rebet: 'Rejouer',
  double: 'Doubler',
  undoShort: 'Annuler',
  pairShort: 'pair',
  impairShort: 'impair',
  clearShort: 'Retirer',
  rebetShort: 'Rejouer',
  doubleShort: 'Doubler',
  betSlip: 'Vos mises',
  noBets: 'Aucune mise : choisissez un jeton puis cliquez sur le tapis ou le cylindre.',
  total: 'Total',
  racetrack: 'Cylindre (annonces)',
  neighbours: 'Voisins de chaque côté',
  neighboursOf: '{n} et ses voisins (±{k})',
  finales: 'Finales',
  finalePlein: 'Finale en plein',
  finaleCheval: 'Finale à cheval',
  place: 'Miser',
  layout: 'Tapis',
  lastNumbers: 'Derniers numéros',
  hot: 'Chauds',
  cold: 'Froids',
  stats: 'Statistiques',
  history: 'Mon historique',
  noHistory: 'Aucun coup joué.',
  coup: 'Coup',
  result: 'Numéro',
  bet: 'Mise',
  stake: 'Enjeu',
  returned: 'Rendu',
  net: 'Net',
  limits: 'Limites',
  pays: 'paie {p}',
  minMax: 'min {min} · max {max}',
  yourStake: 'votre mise {s}',
  othersStake: 'autres joueurs {s} ({b})',
  pleinAtTable: '{n} : {s} en plein à la table',
  tableActivity: 'À la table : {p} · {b} · {s} misés',
  othersLegend: 'Montants sur le tapis : les mises des autres joueurs',
  othersAmounts: 'Les mises des autres joueurs par case',
  othersShow: 'Voir les mises des autres joueurs par case',
  prison: 'En prison',
  prisoners: 'Vos mises en prison',
  prisonLevel: 'niveau {k}',
  pendingChoice: 'choix en attente',
  logOut: 'Déconnexion',
  stay: 'Rester en prison',
  moveTo: 'Déplacer sur',
  move: 'Déplacer',
  choiceOpen: 'Zéro ! Choisissez pour vos chances simples ({s} s)',
  waiting: 'En attente du croupier',
  closed: 'Table fermée',
  betting: 'Faites vos jeux',
  launched: 'La bille est lancée',
  noMoreBets: 'Rien ne va plus',
  settled: 'Résultat',
  language: 'Langue',
  connect: 'Connexion…',
  disconnected: 'Connexion perdue, reconnexion…',
  name: 'Votre nom',
  join: "S'asseoir",
  welcome: 'Bienvenue ! Choisissez un nom pour vous asseoir à la table.',
  rules: 'Règles',
  tableMin: 'Minimum de la table',
  youWon: 'Vous gagnez {a}',
  youLost: 'Pas de gain ce coup',
  nameBlank: 'Saisissez d’abord votre nom.',
  nameTooLong: 'Un nom a au plus {n} caractères.',
  useJoin: 'Nouveau ? Utilisez « Rejoindre » pour créer un joueur.',
  notStaff: 'Ce jeton est celui d’un joueur : la console du croupier demande un jeton de croupier ou d’administrateur.',
  badToken: 'Jeton inconnu ou expiré.',
  stakeBack: 'Mise rendue {a}',
  netResult: 'Net {a}',
  heldPrisonLine: 'en prison (niveau {k}), mise conservée',
  heldInPrison: '{a} en prison',
  fromPrison: 'Rendu de prison {a}',
  error: 'Refusé',
  integrityAlert: 'Alerte d’intégrité du cylindre',
  help: 'Aide',
  helpText:
    "Choisissez un jeton, puis cliquez (ou Tab puis Entrée) sur un numéro, une ligne entre deux numéros (cheval), un croisement (carré), un bout de rangée (transversale / sixain), une case extérieure ou une section du cylindre. Les flèches passent d'une case à l'autre ; Retour arrière annule.",
  wheel: 'Cylindre',
  permanence: 'Permanence du jour',
  openDay: 'Ouvrir la journée',
  openBetting: 'Faites vos jeux',
  launch: 'Lancer la bille',
  closeBetting: 'Rien ne va plus',
  enterNumber: 'Numéro sorti',
  confirm: 'Valider',
  payments: 'Ordre de paiement',
  paysCroupier: 'Le croupier de {who} paie, celui de {other} ramasse.',
  left: 'gauche',
  right: 'droite',
  placement: 'Placement',
  besideStake: 'à côté de la mise',
  toPlayer: 'au joueur',
  player: 'Joueur',
  amount: 'Montant',
  action: 'Action',
  noPayments: 'Aucune mise gagnante.',
  croupierConsole: 'Console du croupier',
  token: 'Jeton du croupier',
  phase: 'Phase',
  players: 'Joueurs',
  betsOnLayout: 'Mises sur le tapis',
  pause: 'Suspendre la table',
  dayDate: 'Journée',
  ballInPocket: 'La bille est dans le {n}',
  dozen: ['12P', '12M', '12D'],
  column: '2 à 1',
  action_pay: 'payer',
  action_free: 'libérer',
  action_partage: 'moitié rendue',
  action_return: 'rendre',
  status_won: 'gagnant',
  status_lost: 'perdant',
  status_imprisoned: 'en prison',
  status_freed: 'libéré',
  status_partage: 'la partage',
  status_returned: 'rendu',
  status_open: 'sur le tapis',
  // automatic wheel (issue 13)
  held: 'Coup suspendu',
  bannerHeld:
    'Le cylindre a signalé un défaut : le coup attend la décision du chef de table. Vos mises restent en place.',
  wheelMissSpin: 'Coup nul : la bille est relancée. Vos mises restent en place.',
  wheelVoid: 'Le cylindre a signalé un défaut : le coup est annulé et toutes les mises sont rendues.',
  wheelManual: 'Le croupier a repris la main sur le cylindre.',
  wheelAuto: 'Le cylindre automatique mène de nouveau la table.',
  wheelPanel: 'Cylindre automatique',
  wheelLink: 'Liaison',
  wheelState: 'État du cylindre',
  wheelWarnings: 'Alertes',
  wheelSpin: 'Compteur de lancers',
  wheelTakeOver: 'Reprendre au clavier',
  wheelHandBack: 'Rendre la main au cylindre',
  wheelVoidCoup: 'Annuler le coup',
  wheelVoidReason: 'Motif de l’annulation',
  wheelHeldBy: 'Suspendu par un défaut du cylindre',
  // results board and permanence (issue 13)
  boardHot: 'Numéros chauds',
  boardCold: 'Numéros froids',
  boardOver: '{n} derniers coups',
  boardDozens: 'Douzaines',
  boardColumns: 'Colonnes',
  boardMinimum: 'Minimum',
  boardMaxPlein: 'Maximum plein',
  boardMaxChance: 'Maximum chances',
  boardZero: 'Zéro',
  boardNoResults: 'Pas encore de résultat',
  boardUnknownTable:
    'Il n’y a pas de table « {table} » dans ce casino : vérifiez l’adresse de cet écran (/board?table=…).',
  boardUnavailable: 'Les résultats ne peuvent pas être lus pour le moment (HTTP {status}) ; l’écran réessaiera.',
  permTitle: 'Permanence',
  permPrint: 'Imprimer',
  permVoided: '{n} coups annulés non inscrits',
  permNone: 'Aucun coup ce jour-là',
  permBadDate: 'Ce jour n’existe pas : {d} (AAAA-MM-JJ)',
  permUnknownTable:
    'Il n’y a pas de table « {table} » dans ce casino : vérifiez l’adresse de cette page (/permanence?table=…).',
  permUnavailable:
    'La permanence ne peut pas être lue pour le moment (HTTP {status}) : rechargez la page pour réessayer.',
  chooseTable: 'Choisissez une table',
  chooseTableText:
    'Cette page montre une seule table : choisissez-la ci-dessous (son adresse se termine alors par ?table=…).',
  chooseTableNone: 'Ce casino n’a encore aucune table.',
  chooseTableUnavailable:
    'La liste des tables ne peut pas être lue pour l’instant (HTTP {status}) : rechargez la page pour réessayer.',
};

const CS: Dict = {
  ...EN,
  paused: 'Stůl pozastaven',
  bannerPaused: 'Krupiér pozastavil stůl: sázet lze až od dalšího kola.',
  bannerClosed: 'Stůl je zavřený: sázky se otevřou, až krupiér zahájí hrací den.',
  bannerNoMoreBets: 'Konec sázek: pro toto kolo jsou sázky uzavřeny.',
  bannerSettled: 'Sázky jsou uzavřeny do začátku dalšího kola.',
  bannerPauseSoon: 'Krupiér po tomto kole pozastaví stůl.',
  atNextZero: 'Při příští nule',
  newChancesAtZero: 'Nové jednoduché šance při nule',
  mode: 'Ruleta',
  modeManual: 'skutečná ruleta (krupiér zadá číslo)',
  modeRng: 'generátor náhodných čísel',
  rngNote: 'Číslo tohoto stolu losuje server.',
  closeFirst: 'Nejprve ohlaste „konec sázek“.',
  tables: 'Stoly',
  table: 'Stůl',
  remove: 'Odebrat',
  title: 'Ruletový stůl',
  balance: 'Zůstatek',
  staked: 'Na stole',
  win: 'Výhra kola',
  lastWin: 'Poslední kolo',
  chips: 'Žetony',
  chipValue: 'Žeton {v}',
  undo: 'Zpět',
  clear: 'Smazat vše',
  rebet: 'Opakovat',
  double: 'Zdvojit',
  undoShort: 'Zpět',
  pairShort: 'sudé',
  impairShort: 'liché',
  clearShort: 'Smazat',
  rebetShort: 'Znovu',
  doubleShort: 'Zdvojit',
  betSlip: 'Vaše sázky',
  noBets: 'Zatím žádné sázky: vyberte žeton a klikněte na pole stolu nebo na závodní dráhu.',
  total: 'Celkem',
  racetrack: 'Závodní dráha (ohlášené sázky)',
  neighbours: 'Sousedé na každou stranu',
  neighboursOf: '{n} se sousedy (±{k})',
  finales: 'Finále',
  place: 'Vsadit',
  layout: 'Stůl',
  lastNumbers: 'Poslední čísla',
  hot: 'Horká',
  cold: 'Studená',
  stats: 'Statistika',
  history: 'Moje historie',
  noHistory: 'Zatím žádné kolo.',
  coup: 'Kolo',
  result: 'Číslo',
  bet: 'Sázka',
  stake: 'Vklad',
  returned: 'Vráceno',
  net: 'Čistý',
  limits: 'Limity',
  pays: 'vyplácí {p}',
  yourStake: 'váš vklad {s}',
  othersStake: 'ostatní hráči {s} ({b})',
  pleinAtTable: '{n}: {s} en plein u stolu',
  tableActivity: 'U stolu: {p} · {b} · vsazeno {s}',
  othersLegend: 'Částky na stole: sázky ostatních hráčů',
  othersAmounts: 'Sázky ostatních hráčů podle polí',
  othersShow: 'Zobrazit sázky ostatních hráčů podle polí',
  prison: 'Obstavení',
  prisoners: 'Vaše obstavené sázky',
  prisonLevel: 'stupeň {k}',
  pendingChoice: 'čeká na volbu',
  logOut: 'Odhlásit',
  stay: 'Ponechat obstavené',
  moveTo: 'Přesunout na',
  move: 'Přesunout',
  choiceOpen: 'Nula! Rozhodněte o jednoduchých šancích ({s} s)',
  waiting: 'Čeká se na krupiéra',
  closed: 'Stůl je zavřený',
  betting: 'Sázky otevřeny',
  launched: 'Kulička běží',
  noMoreBets: 'Konec sázek',
  settled: 'Výsledek',
  language: 'Jazyk',
  connect: 'Připojování…',
  disconnected: 'Spojení ztraceno, připojuji znovu…',
  name: 'Vaše jméno',
  join: 'Přisednout',
  welcome: 'Vítejte! Zvolte jméno a přisedněte ke stolu.',
  rules: 'Pravidla',
  tableMin: 'Minimum stolu',
  youWon: 'Vyhráváte {a}',
  youLost: 'V tomto kole bez výhry',
  nameBlank: 'Nejprve zadejte své jméno.',
  nameTooLong: 'Jméno má nejvýše {n} znaků.',
  useJoin: 'Jste tu poprvé? Nového hráče vytvoříte tlačítkem „Připojit se“.',
  notStaff: 'Toto je token hráče: konzole krupiéra vyžaduje token krupiéra nebo správce.',
  badToken: 'Neznámý nebo prošlý token.',
  stakeBack: 'Vrácený vklad {a}',
  netResult: 'Čistý výsledek {a}',
  heldPrisonLine: 'obstaveno (stupeň {k}), vklad držen',
  heldInPrison: '{a} obstaveno',
  fromPrison: 'Vráceno z obstavení {a}',
  error: 'Odmítnuto',
  integrityAlert: 'Výstraha integrity kola',
  help: 'Nápověda',
  helpText:
    'Vyberte žeton a klikněte (nebo Tab a Enter) na číslo, čáru mezi čísly (cheval), křížení (carré), konec řady (transversale), pole vně nebo část závodní dráhy. Šipky přecházejí mezi poli; Backspace vrací zpět.',
  wheel: 'Kolo rulety',
  permanence: 'Permanence dne',
  openDay: 'Zahájit hrací den',
  openBetting: 'Prosím, zahajte hru',
  launch: 'Roztočit kuličku',
  closeBetting: 'Konec sázek',
  enterNumber: 'Padlé číslo',
  confirm: 'Potvrdit',
  payments: 'Pořadí výplat',
  paysCroupier: 'Vyplácí {who} krupiér, {other} shrabuje.',
  left: 'levý',
  right: 'pravý',
  placement: 'Umístění',
  besideStake: 'vedle vkladu',
  toPlayer: 'hráči',
  player: 'Hráč',
  amount: 'Částka',
  action: 'Akce',
  noPayments: 'Žádná výherní sázka.',
  croupierConsole: 'Konzole krupiéra',
  token: 'Token krupiéra',
  phase: 'Fáze',
  players: 'Hráči',
  betsOnLayout: 'Sázky na stole',
  pause: 'Pozastavit stůl',
  dayDate: 'Hrací den',
  ballInPocket: 'Kulička leží v {n}',
  dozen: ['I. tucet', 'II. tucet', 'III. tucet'],
  column: '2 : 1',
  action_pay: 'vyplatit',
  action_free: 'uvolnit',
  action_partage: 'vrátit polovinu',
  action_return: 'vrátit',
  status_won: 'výhra',
  status_lost: 'prohra',
  status_imprisoned: 'obstaveno',
  status_freed: 'uvolněno',
  status_partage: 'polovina vkladu',
  status_returned: 'vráceno',
  status_open: 'na stole',
  // automatic wheel (issue 13)
  held: 'Kolo pozdrženo',
  bannerHeld: 'Ruleta hlásí poruchu: kolo čeká na rozhodnutí vedoucího stolu. Vaše sázky zůstávají.',
  wheelMissSpin: 'Neplatný hod: kulička bude vržena znovu. Vaše sázky zůstávají.',
  wheelVoid: 'Ruleta hlásí poruchu: kolo je zrušeno a všechny sázky jsou vráceny.',
  wheelManual: 'Krupiér převzal ovládání rulety.',
  wheelAuto: 'Stůl opět řídí automatická ruleta.',
  wheelPanel: 'Automatická ruleta',
  wheelLink: 'Spojení',
  wheelState: 'Stav rulety',
  wheelWarnings: 'Varování',
  wheelSpin: 'Počítadlo hodů',
  wheelTakeOver: 'Převzít klávesnicí',
  wheelHandBack: 'Vrátit ruletě',
  wheelVoidCoup: 'Zrušit kolo',
  wheelVoidReason: 'Důvod zrušení',
  wheelHeldBy: 'Pozdrženo poruchou rulety',
  // results board and permanence (issue 13)
  boardHot: 'Horká čísla',
  boardCold: 'Studená čísla',
  boardOver: 'posledních {n} kol',
  boardDozens: 'Tucty',
  boardColumns: 'Sloupce',
  boardMinimum: 'Minimum',
  boardMaxPlein: 'Maximum plein',
  boardMaxChance: 'Maximum šance',
  boardZero: 'Nula',
  boardNoResults: 'Zatím žádný výsledek',
  boardUnknownTable: 'Stůl „{table}“ v tomto kasinu není: zkontrolujte adresu této obrazovky (/board?table=…).',
  boardUnavailable: 'Výsledky teď nelze načíst (HTTP {status}); obrazovka to zkusí znovu.',
  permTitle: 'Permanence',
  permPrint: 'Tisk',
  permVoided: '{n} zrušených kol neuvedeno',
  permNone: 'Ten den žádné kolo',
  permBadDate: 'Takový den neexistuje: {d} (RRRR-MM-DD)',
  permUnknownTable: 'Stůl „{table}“ v tomto kasinu není: zkontrolujte adresu této stránky (/permanence?table=…).',
  permUnavailable: 'Permanenci teď nelze načíst (HTTP {status}): obnovte stránku a zkuste to znovu.',
  chooseTable: 'Vyberte stůl',
  chooseTableText: 'Tato stránka ukazuje jeden stůl: vyberte ho níže (jeho adresa pak končí ?table=…).',
  chooseTableNone: 'V tomto kasinu zatím není žádný stůl.',
  chooseTableUnavailable: 'Seznam stolů teď nelze načíst (HTTP {status}): načtěte stránku znovu.',
};

const DE: Dict = {
  ...EN,
  paused: 'Tisch angehalten',
  bannerPaused: 'Der Croupier hat den Tisch angehalten: keine Einsätze bis zum nächsten Coup.',
  bannerClosed: 'Der Tisch ist geschlossen: Einsätze sind möglich, sobald der Croupier den Spieltag eröffnet.',
  bannerNoMoreBets: 'Nichts geht mehr: für diesen Coup sind keine Einsätze mehr möglich.',
  bannerSettled: 'Keine Einsätze bis zum nächsten Coup.',
  bannerPauseSoon: 'Der Croupier hält den Tisch nach diesem Coup an.',
  atNextZero: 'Bei der nächsten Zero',
  newChancesAtZero: 'Neue einfache Chancen bei Zero',
  mode: 'Kessel',
  modeManual: 'echter Kessel (der Croupier gibt die Zahl ein)',
  modeRng: 'Zufallszahlengenerator',
  rngNote: 'Der Server zieht die Zahl dieses Tisches.',
  closeFirst: 'Zuerst „Nichts geht mehr“ ansagen.',
  tables: 'Tische',
  table: 'Tisch',
  remove: 'Entfernen',
  title: 'Roulettetisch',
  balance: 'Guthaben',
  staked: 'Im Spiel',
  win: 'Gewinn des Coups',
  lastWin: 'Letzter Coup',
  chips: 'Jetons',
  chipValue: 'Jeton zu {v}',
  undo: 'Zurück',
  clear: 'Alles entfernen',
  rebet: 'Nochmal',
  double: 'Verdoppeln',
  undoShort: 'Zurück',
  pairShort: 'Pair',
  impairShort: 'Impair',
  clearShort: 'Löschen',
  rebetShort: 'Nochmal',
  doubleShort: '2×',
  betSlip: 'Ihre Einsätze',
  noBets: 'Noch keine Einsätze: Jeton wählen, dann auf ein Feld des Tableaus oder der Racetrack klicken.',
  total: 'Summe',
  racetrack: 'Racetrack (Annoncen)',
  neighbours: 'Nachbarn je Seite',
  neighboursOf: '{n} mit Nachbarn (±{k})',
  finales: 'Finalen',
  place: 'Setzen',
  layout: 'Tableau',
  lastNumbers: 'Letzte Zahlen',
  hot: 'Heiß',
  cold: 'Kalt',
  stats: 'Statistik',
  history: 'Mein Verlauf',
  noHistory: 'Noch kein Coup gespielt.',
  coup: 'Coup',
  result: 'Zahl',
  bet: 'Einsatz',
  stake: 'Einsatz',
  returned: 'Zurück',
  net: 'Netto',
  limits: 'Limits',
  pays: 'zahlt {p}',
  yourStake: 'Ihr Einsatz {s}',
  othersStake: 'andere Spieler {s} ({b})',
  pleinAtTable: '{n}: {s} en plein am Tisch',
  tableActivity: 'Am Tisch: {p} · {b} · {s} gesetzt',
  othersLegend: 'Beträge auf dem Tableau: die Einsätze der anderen Spieler',
  othersAmounts: 'Die Einsätze der anderen Spieler pro Feld',
  othersShow: 'Die Einsätze der anderen Spieler pro Feld zeigen',
  prison: 'En prison',
  prisoners: 'Ihre Einsätze en prison',
  prisonLevel: 'Stufe {k}',
  pendingChoice: 'Wahl ausstehend',
  logOut: 'Abmelden',
  stay: 'En prison lassen',
  moveTo: 'Verschieben auf',
  move: 'Verschieben',
  choiceOpen: 'Zero! Entscheiden Sie für Ihre einfachen Chancen ({s} s)',
  waiting: 'Warten auf den Croupier',
  closed: 'Tisch geschlossen',
  betting: 'Einsätze offen',
  launched: 'Die Kugel läuft',
  noMoreBets: 'Nichts geht mehr',
  settled: 'Ergebnis',
  language: 'Sprache',
  connect: 'Verbinde…',
  disconnected: 'Verbindung verloren, verbinde neu…',
  name: 'Ihr Name',
  join: 'Platz nehmen',
  welcome: 'Willkommen! Wählen Sie einen Namen, um am Tisch Platz zu nehmen.',
  rules: 'Regeln',
  tableMin: 'Tischminimum',
  youWon: 'Sie gewinnen {a}',
  youLost: 'Kein Gewinn in diesem Coup',
  nameBlank: 'Geben Sie zuerst Ihren Namen ein.',
  nameTooLong: 'Ein Name hat höchstens {n} Zeichen.',
  useJoin: 'Neu hier? Mit „Beitreten“ legen Sie einen Spieler an.',
  notStaff: 'Dies ist das Token eines Spielers: die Croupier-Konsole braucht ein Croupier- oder Admin-Token.',
  badToken: 'Unbekanntes oder abgelaufenes Token.',
  stakeBack: 'Einsatz zurück {a}',
  netResult: 'Netto {a}',
  heldPrisonLine: 'en prison (Stufe {k}), Einsatz gehalten',
  heldInPrison: '{a} en prison',
  fromPrison: 'Aus en prison zurück {a}',
  error: 'Abgelehnt',
  integrityAlert: 'Warnung: Kesselprüfung',
  help: 'Hilfe',
  helpText:
    'Jeton wählen, dann auf eine Zahl, eine Linie zwischen Zahlen (Cheval), eine Kreuzung (Carré), ein Reihenende (Transversale), ein Außenfeld oder einen Abschnitt der Racetrack klicken (oder Tab und Eingabe). Pfeiltasten wechseln das Feld; Rücktaste nimmt zurück.',
  wheel: 'Kessel',
  permanence: 'Permanenz des Tages',
  openDay: 'Spieltag eröffnen',
  openBetting: 'Machen Sie Ihr Spiel',
  launch: 'Kugel werfen',
  closeBetting: 'Nichts geht mehr',
  enterNumber: 'Gefallene Zahl',
  confirm: 'Bestätigen',
  payments: 'Auszahlungsreihenfolge',
  paysCroupier: 'Der {who} Croupier zahlt, der {other} zieht ein.',
  left: 'linke',
  right: 'rechte',
  placement: 'Platzierung',
  besideStake: 'neben den Einsatz',
  toPlayer: 'zum Spieler',
  player: 'Spieler',
  amount: 'Betrag',
  action: 'Aktion',
  noPayments: 'Kein Gewinneinsatz.',
  croupierConsole: 'Croupier-Konsole',
  token: 'Croupier-Token',
  phase: 'Phase',
  players: 'Spieler',
  betsOnLayout: 'Einsätze auf dem Tableau',
  pause: 'Tisch anhalten',
  dayDate: 'Spieltag',
  ballInPocket: 'Die Kugel liegt in {n}',
  dozen: ['1. 12', '2. 12', '3. 12'],
  column: '2 zu 1',
  action_pay: 'auszahlen',
  action_free: 'freigeben',
  action_partage: 'Hälfte zurück',
  action_return: 'zurückgeben',
  status_won: 'gewonnen',
  status_lost: 'verloren',
  status_imprisoned: 'en prison',
  status_freed: 'befreit',
  status_partage: 'Teilung',
  status_returned: 'zurück',
  status_open: 'im Spiel',
  // automatic wheel (issue 13)
  held: 'Coup angehalten',
  bannerHeld: 'Der Kessel meldet einen Fehler: der Coup wartet auf den Tischchef. Ihre Einsätze bleiben stehen.',
  wheelMissSpin: 'Kein Coup: die Kugel wird neu geworfen. Ihre Einsätze bleiben stehen.',
  wheelVoid: 'Der Kessel meldet einen Fehler: der Coup ist ungültig, alle Einsätze werden zurückgegeben.',
  wheelManual: 'Der Croupier hat den Kessel übernommen.',
  wheelAuto: 'Der automatische Kessel führt den Tisch wieder.',
  wheelPanel: 'Automatischer Kessel',
  wheelLink: 'Verbindung',
  wheelState: 'Kesselzustand',
  wheelWarnings: 'Warnungen',
  wheelSpin: 'Wurfzähler',
  wheelTakeOver: 'Mit der Tastatur übernehmen',
  wheelHandBack: 'An den Kessel zurückgeben',
  wheelVoidCoup: 'Coup annullieren',
  wheelVoidReason: 'Grund der Annullierung',
  wheelHeldBy: 'Durch einen Kesselfehler angehalten',
  // results board and permanence (issue 13)
  boardHot: 'Heiße Zahlen',
  boardCold: 'Kalte Zahlen',
  boardOver: 'letzte {n} Coups',
  boardDozens: 'Dutzende',
  boardColumns: 'Kolonnen',
  boardMinimum: 'Minimum',
  boardMaxPlein: 'Maximum Plein',
  boardMaxChance: 'Maximum einfache Chancen',
  boardZero: 'Zero',
  boardNoResults: 'Noch kein Ergebnis',
  boardUnknownTable:
    'Einen Tisch „{table}“ gibt es in diesem Casino nicht: Prüfen Sie die Adresse dieses Bildschirms (/board?table=…).',
  boardUnavailable:
    'Die Ergebnisse können gerade nicht gelesen werden (HTTP {status}); der Bildschirm versucht es erneut.',
  permTitle: 'Permanenz',
  permPrint: 'Drucken',
  permVoided: '{n} ungültige Coups nicht aufgeführt',
  permNone: 'Kein Coup an diesem Tag',
  permBadDate: 'Diesen Tag gibt es nicht: {d} (JJJJ-MM-TT)',
  permUnknownTable:
    'Einen Tisch „{table}“ gibt es in diesem Casino nicht: Prüfen Sie die Adresse dieser Seite (/permanence?table=…).',
  permUnavailable:
    'Die Permanenz kann gerade nicht gelesen werden (HTTP {status}): Laden Sie die Seite neu, um es erneut zu versuchen.',
  chooseTable: 'Tisch wählen',
  chooseTableText: 'Diese Seite zeigt einen Tisch: Wählen Sie ihn unten (seine Adresse endet dann auf ?table=…).',
  chooseTableNone: 'In diesem Casino gibt es noch keinen Tisch.',
  chooseTableUnavailable:
    'Die Liste der Tische kann gerade nicht gelesen werden (HTTP {status}): Laden Sie die Seite neu.',
};

const IT: Dict = {
  ...EN,
  paused: 'Tavolo sospeso',
  bannerPaused: 'Il croupier ha sospeso il tavolo: niente puntate fino al prossimo colpo.',
  bannerClosed: 'Il tavolo è chiuso: le puntate si aprono quando il croupier apre la giornata.',
  bannerNoMoreBets: 'Rien ne va plus: le puntate sono chiuse per questo colpo.',
  bannerSettled: 'Le puntate sono chiuse fino al prossimo colpo.',
  bannerPauseSoon: 'Il croupier sospenderà il tavolo dopo questo colpo.',
  atNextZero: 'Al prossimo zero',
  newChancesAtZero: 'Nuove chances semplici, allo zero',
  mode: 'Cilindro',
  modeManual: 'cilindro fisico (il croupier inserisce il numero)',
  modeRng: 'generatore di numeri casuali',
  rngNote: 'Il server estrae il numero di questo tavolo.',
  closeFirst: 'Annunciate prima «rien ne va plus».',
  tables: 'Tavoli',
  table: 'Tavolo',
  remove: 'Togli',
  title: 'Tavolo della roulette',
  balance: 'Saldo',
  staked: 'Sul tavolo',
  win: 'Vincita del colpo',
  lastWin: 'Ultimo colpo',
  chips: 'Fiches',
  chipValue: 'Fiche da {v}',
  undo: 'Annulla',
  clear: 'Togli tutto',
  rebet: 'Ripeti',
  double: 'Raddoppia',
  undoShort: 'Annulla',
  pairShort: 'pari',
  impairShort: 'dispari',
  clearShort: 'Togli',
  rebetShort: 'Ripeti',
  doubleShort: 'Raddoppia',
  betSlip: 'Le vostre puntate',
  noBets: 'Nessuna puntata: scegliete una fiche, poi cliccate su una casella del tappeto o del cilindro.',
  total: 'Totale',
  racetrack: 'Cilindro (puntate annunciate)',
  neighbours: 'Vicini per lato',
  neighboursOf: '{n} e vicini (±{k})',
  finales: 'Finali',
  place: 'Puntare',
  layout: 'Tappeto',
  lastNumbers: 'Ultimi numeri',
  hot: 'Caldi',
  cold: 'Freddi',
  stats: 'Statistiche',
  history: 'Il mio storico',
  noHistory: 'Nessun colpo giocato.',
  coup: 'Colpo',
  result: 'Numero',
  bet: 'Puntata',
  stake: 'Posta',
  returned: 'Reso',
  net: 'Netto',
  limits: 'Limiti',
  pays: 'paga {p}',
  yourStake: 'la vostra posta {s}',
  othersStake: 'altri giocatori {s} ({b})',
  pleinAtTable: '{n}: {s} en plein al tavolo',
  tableActivity: 'Al tavolo: {p} · {b} · {s} puntati',
  othersLegend: 'Importi sul tappeto: le puntate degli altri giocatori',
  othersAmounts: 'Le puntate degli altri giocatori per casella',
  othersShow: 'Mostra le puntate degli altri giocatori per casella',
  prison: 'In prigione',
  prisoners: 'Le vostre puntate in prigione',
  prisonLevel: 'livello {k}',
  pendingChoice: 'scelta in attesa',
  logOut: 'Esci',
  stay: 'Restare in prigione',
  moveTo: 'Spostare su',
  move: 'Spostare',
  choiceOpen: 'Zero! Scegliete per le chances semplici ({s} s)',
  waiting: 'In attesa del croupier',
  closed: 'Tavolo chiuso',
  betting: 'Puntate aperte',
  launched: 'La pallina gira',
  noMoreBets: 'Rien ne va plus',
  settled: 'Risultato',
  language: 'Lingua',
  connect: 'Connessione…',
  disconnected: 'Connessione persa, riconnessione…',
  name: 'Il vostro nome',
  join: 'Sedersi',
  welcome: 'Benvenuti! Scegliete un nome per sedervi al tavolo.',
  rules: 'Regole',
  tableMin: 'Minimo del tavolo',
  youWon: 'Vincete {a}',
  youLost: 'Nessuna vincita in questo colpo',
  nameBlank: 'Scrivete prima il vostro nome.',
  nameTooLong: 'Un nome ha al massimo {n} caratteri.',
  useJoin: 'Nuovi? Usate «Unisciti» per creare un giocatore.',
  notStaff:
    'Questo è il token di un giocatore: la console del croupier richiede un token di croupier o di amministratore.',
  badToken: 'Token sconosciuto o scaduto.',
  stakeBack: 'Posta restituita {a}',
  netResult: 'Netto {a}',
  heldPrisonLine: 'in prigione (livello {k}), posta trattenuta',
  heldInPrison: '{a} in prigione',
  fromPrison: 'Reso dalla prigione {a}',
  error: 'Rifiutato',
  integrityAlert: 'Allarme integrità del cilindro',
  help: 'Aiuto',
  helpText:
    'Scegliete una fiche, poi cliccate (o Tab e Invio) su un numero, una linea tra due numeri (cavallo), un incrocio (carré), la fine di una fila (terzina / sestina), una casella esterna o una sezione del cilindro. Le frecce spostano tra le caselle; Backspace annulla.',
  wheel: 'Cilindro',
  permanence: 'Permanenza del giorno',
  openDay: 'Aprire la giornata',
  openBetting: 'Fate il vostro gioco',
  launch: 'Lanciare la pallina',
  closeBetting: 'Rien ne va plus',
  enterNumber: 'Numero uscito',
  confirm: 'Conferma',
  payments: 'Ordine dei pagamenti',
  paysCroupier: 'Paga il croupier di {who}, quello di {other} ritira.',
  left: 'sinistra',
  right: 'destra',
  placement: 'Posizione',
  besideStake: 'accanto alla posta',
  toPlayer: 'al giocatore',
  player: 'Giocatore',
  amount: 'Importo',
  action: 'Azione',
  noPayments: 'Nessuna puntata vincente.',
  croupierConsole: 'Console del croupier',
  token: 'Token del croupier',
  phase: 'Fase',
  players: 'Giocatori',
  betsOnLayout: 'Puntate sul tappeto',
  pause: 'Sospendere il tavolo',
  dayDate: 'Giornata',
  ballInPocket: 'La pallina è nel {n}',
  dozen: ['1ª 12', '2ª 12', '3ª 12'],
  column: '2 a 1',
  action_pay: 'pagare',
  action_free: 'liberare',
  action_partage: 'metà resa',
  action_return: 'rendere',
  status_won: 'vincente',
  status_lost: 'perdente',
  status_imprisoned: 'in prigione',
  status_freed: 'liberata',
  status_partage: 'à partager',
  status_returned: 'resa',
  status_open: 'sul tavolo',
  // automatic wheel (issue 13)
  held: 'Colpo sospeso',
  bannerHeld: 'Il cilindro segnala un guasto: il colpo attende il capotavolo. Le vostre puntate restano.',
  wheelMissSpin: 'Colpo nullo: la pallina viene rilanciata. Le vostre puntate restano.',
  wheelVoid: 'Il cilindro segnala un guasto: il colpo è annullato e tutte le puntate sono restituite.',
  wheelManual: 'Il croupier ha preso il controllo del cilindro.',
  wheelAuto: 'Il cilindro automatico guida di nuovo il tavolo.',
  wheelPanel: 'Cilindro automatico',
  wheelLink: 'Collegamento',
  wheelState: 'Stato del cilindro',
  wheelWarnings: 'Avvisi',
  wheelSpin: 'Contatore lanci',
  wheelTakeOver: 'Prendere il controllo con la tastiera',
  wheelHandBack: 'Restituire al cilindro',
  wheelVoidCoup: 'Annullare il colpo',
  wheelVoidReason: 'Motivo dell’annullamento',
  wheelHeldBy: 'Sospeso per un guasto del cilindro',
  // results board and permanence (issue 13)
  boardHot: 'Numeri caldi',
  boardCold: 'Numeri freddi',
  boardOver: 'ultimi {n} colpi',
  boardDozens: 'Dozzine',
  boardColumns: 'Colonne',
  boardMinimum: 'Minimo',
  boardMaxPlein: 'Massimo pieno',
  boardMaxChance: 'Massimo chances',
  boardZero: 'Zero',
  boardNoResults: 'Ancora nessun risultato',
  boardUnknownTable:
    'Non c’è nessun tavolo «{table}» in questo casinò: controllare l’indirizzo di questo schermo (/board?table=…).',
  boardUnavailable: 'Al momento non è possibile leggere i risultati (HTTP {status}); lo schermo riproverà.',
  permTitle: 'Permanenza',
  permPrint: 'Stampa',
  permVoided: '{n} colpi annullati non elencati',
  permNone: 'Nessun colpo in questo giorno',
  permBadDate: 'Questo giorno non esiste: {d} (AAAA-MM-GG)',
  permUnknownTable:
    'Non c’è nessun tavolo «{table}» in questo casinò: controllare l’indirizzo di questa pagina (/permanence?table=…).',
  permUnavailable:
    'Al momento non è possibile leggere la permanenza (HTTP {status}): ricaricare la pagina per riprovare.',
  chooseTable: 'Scegliete un tavolo',
  chooseTableText:
    'Questa pagina mostra un solo tavolo: sceglietelo qui sotto (il suo indirizzo finisce allora con ?table=…).',
  chooseTableNone: 'In questo casinò non c’è ancora nessun tavolo.',
  chooseTableUnavailable:
    'L’elenco dei tavoli non può essere letto ora (HTTP {status}): ricaricate la pagina per riprovare.',
};

/** UI dictionaries per language. */
export const DICTS: Record<Language, Dict> = { en: EN, fr: FR, cs: CS, de: DE, it: IT };

/** Keys of a dictionary whose value is a plain string. */
export type TextKey = { [K in keyof Dict]: Dict[K] extends string ? K : never }[keyof Dict];

/** Texts with a count, in the plural forms of each language (Intl.PluralRules categories; `other` is required). */
type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
const PLURALS: Record<
  Language,
  Record<'betsCount' | 'numbersCount' | 'coups' | 'statsOver' | 'playersCount', PluralForms>
> = {
  en: {
    betsCount: { one: '{n} bet', other: '{n} bets' },
    playersCount: { one: '{n} player', other: '{n} players' },
    numbersCount: { one: '{n} number', other: '{n} numbers' },
    coups: { one: '{n} coup', other: '{n} coups' },
    statsOver: { one: 'over the last coup', other: 'over the last {n} coups' },
  },
  fr: {
    betsCount: { one: '{n} mise', other: '{n} mises' },
    playersCount: { one: '{n} joueur', other: '{n} joueurs' },
    numbersCount: { one: '{n} numéro', other: '{n} numéros' },
    coups: { one: '{n} coup', other: '{n} coups' },
    statsOver: { one: 'sur {n} coup', other: 'sur les {n} derniers coups' },
  },
  cs: {
    betsCount: { one: '{n} sázka', few: '{n} sázky', many: '{n} sázky', other: '{n} sázek' },
    playersCount: { one: '{n} hráč', few: '{n} hráči', many: '{n} hráče', other: '{n} hráčů' },
    numbersCount: { one: '{n} číslo', few: '{n} čísla', many: '{n} čísla', other: '{n} čísel' },
    coups: { one: '{n} kolo', few: '{n} kola', many: '{n} kola', other: '{n} kol' },
    statsOver: {
      one: 'za poslední kolo',
      few: 'za poslední {n} kola',
      many: 'za posledních {n} kola',
      other: 'za posledních {n} kol',
    },
  },
  de: {
    betsCount: { one: '{n} Einsatz', other: '{n} Einsätze' },
    playersCount: { one: '{n} Spieler', other: '{n} Spieler' },
    numbersCount: { one: '{n} Zahl', other: '{n} Zahlen' },
    coups: { one: '{n} Coup', other: '{n} Coups' },
    statsOver: { one: 'über den letzten Coup', other: 'über die letzten {n} Coups' },
  },
  it: {
    betsCount: { one: '{n} puntata', other: '{n} puntate' },
    playersCount: { one: '{n} giocatore', other: '{n} giocatori' },
    numbersCount: { one: '{n} numero', other: '{n} numeri' },
    coups: { one: '{n} colpo', other: '{n} colpi' },
    statsOver: { one: 'nell’ultimo colpo', other: 'negli ultimi {n} colpi' },
  },
};

/** A text with a count in the language's plural form, the count written the language's way: plural('cs', 'coups', 3) → "3 kola". */
export function plural(lang: Language, key: keyof (typeof PLURALS)['en'], n: number): string {
  const forms = PLURALS[lang][key];
  const form = forms[new Intl.PluralRules(lang).select(n)] ?? forms.other;
  return form.replace('{n}', new Intl.NumberFormat(lang).format(n));
}

/** Names of the rule sets (presets of the engine) per language. */
const RULE_SETS: Record<Language, Record<string, string>> = {
  en: {
    european: 'European roulette',
    french: 'French roulette',
    american: 'American roulette',
    'historic-37': 'Historic roulette (37 pockets)',
    'historic-38': 'Historic roulette (38 pockets)',
  },
  fr: {
    european: 'Roulette européenne',
    french: 'Roulette française',
    american: 'Roulette américaine',
    'historic-37': 'Roulette historique (37 cases)',
    'historic-38': 'Roulette historique (38 cases)',
  },
  cs: {
    european: 'Evropská ruleta',
    french: 'Francouzská ruleta',
    american: 'Americká ruleta',
    'historic-37': 'Historická ruleta (37 polí)',
    'historic-38': 'Historická ruleta (38 polí)',
  },
  de: {
    european: 'Europäisches Roulette',
    french: 'Französisches Roulette',
    american: 'Amerikanisches Roulette',
    'historic-37': 'Historisches Roulette (37 Fächer)',
    'historic-38': 'Historisches Roulette (38 Fächer)',
  },
  it: {
    european: 'Roulette europea',
    french: 'Roulette francese',
    american: 'Roulette americana',
    'historic-37': 'Roulette storica (37 caselle)',
    'historic-38': 'Roulette storica (38 caselle)',
  },
};

/** The name of a rule set in a language ("french" → "Roulette française"); an unknown preset is shown as is. */
export function ruleSetName(lang: Language, preset: string): string {
  return RULE_SETS[lang][preset] ?? preset;
}

/** Reads a UI text and fills {placeholders}. */
export function t(lang: Language, key: TextKey, vars: Record<string, string | number> = {}): string {
  const s = DICTS[lang][key] as string;
  return s.replace(/\{(\w+)\}/g, (_, k: string) => (k in vars ? String(vars[k]) : `{${k}}`));
}

/** The name of a kind of bet in a language (engine term table, RULES §7). */
export function kindName(lang: Language, kind: PositionKind): string {
  return KIND_NAMES[lang][kind];
}

/** The name of a chance simple in a language (engine term table). */
export function chanceName(lang: Language, chance: Chance): string {
  return CHANCE_NAMES[lang][chance];
}

/** The croupier's calls in a language (engine term table). */
export function calls(lang: Language) {
  return CALLS[lang];
}

/** The croupier's announcement of a pocket (engine). */
export function announcement(lang: Language, pocket: Pocket): string {
  return announce(pocket, lang);
}

/** Reads the language the user chose before, or the browser's, or English. */
export function initialLanguage(stored: string | null, browser: readonly string[]): Language {
  const ok = (x: string | null | undefined): x is Language => !!x && (LANGUAGES as readonly string[]).includes(x);
  if (ok(stored)) return stored;
  for (const b of browser) {
    const l = b.slice(0, 2).toLowerCase();
    if (ok(l)) return l;
  }
  return 'en';
}

// ---------------------------------------------------------------------------- refusals
/** The words of a refusal from its detail (money formats minor units). */
export type ErrorWords = (d: Record<string, unknown>, money: (m: number) => string) => string;

const num = (d: Record<string, unknown>, k: string) => (typeof d[k] === 'number' ? (d[k] as number) : 0);
/** The sum a ledger refusal asked for: its posting's amount (negative on the account debited), as a positive sum. */
const asked = (d: Record<string, unknown>) => Math.abs(num(d, 'amount'));

/** A seat's name in a refusal's detail: the seats keep their French names in every language (console/seat-words.ts). */
const seatName = (d: Record<string, unknown>) =>
  ({ chef: 'chef de table', droite: 'croupier de droite', gauche: 'croupier de gauche', bout: 'bout de table' })[
    String(d.seat)
  ] ?? String(d.seat ?? '?');
/** The name of a seat's holder in a refusal's detail. */
const holderName = (d: Record<string, unknown>) => String((d.holder as { name?: unknown } | undefined)?.name ?? '?');

/** Refusals of the server by error code, in each language (web/src/errors.ts). */
export const ERROR_TEXTS: Partial<Record<string, Record<Language, ErrorWords>>> = {
  NO_MORE_BETS: {
    en: () => 'No more bets: wait for the next coup.',
    fr: () => 'Rien ne va plus : attendez le prochain coup.',
    cs: () => 'Konec sázek: počkejte na další kolo.',
    de: () => 'Nichts geht mehr: warten Sie auf den nächsten Coup.',
    it: () => 'Rien ne va plus: attendete il prossimo colpo.',
  },
  TABLE_STORAGE_FAILING: {
    en: () => 'The table is waiting to record the wheel: try again in a moment.',
    fr: () => 'La table attend d’enregistrer le cylindre : réessayez dans un instant.',
    cs: () => 'Stůl čeká na zaznamenání ruletového kola: zkuste to za chvíli znovu.',
    de: () => 'Der Tisch wartet darauf, den Kessel zu erfassen: versuchen Sie es gleich noch einmal.',
    it: () => 'Il tavolo attende di registrare la ruota: riprovate tra un momento.',
  },
  // a table of the store that no process runs (health unownedTables): staff start one whose --tables names it
  TABLE_UNOWNED: {
    en: () => 'This table is not running at the moment: try again shortly, or ask the staff to start it.',
    fr: () =>
      'Cette table ne fonctionne pas pour le moment : réessayez dans un instant ou demandez au personnel de la démarrer.',
    cs: () => 'Tento stůl teď není v provozu: zkuste to za chvíli znovu, nebo požádejte personál, aby ho spustil.',
    de: () =>
      'Dieser Tisch läuft gerade nicht: versuchen Sie es gleich noch einmal oder bitten Sie das Personal, ihn zu starten.',
    it: () => 'Questo tavolo non è in funzione al momento: riprovate tra poco o chiedete al personale di avviarlo.',
  },
  STORAGE_UNAVAILABLE: {
    en: () => 'The casino cannot record this at the moment (a technical fault): nothing was done, try again shortly.',
    fr: () =>
      'Le casino ne peut pas l’enregistrer pour le moment (incident technique) : rien n’a été fait, réessayez dans un instant.',
    cs: () => 'Kasino to teď nemůže zaznamenat (technická porucha): nic se nestalo, zkuste to za chvíli znovu.',
    de: () =>
      'Das Casino kann dies gerade nicht erfassen (technische Störung): es ist nichts geschehen, versuchen Sie es gleich noch einmal.',
    it: () => 'Il casinò non può registrarlo al momento (guasto tecnico): non è stato fatto nulla, riprovate tra poco.',
  },
  TABLE_CLOSED: {
    en: () => 'The table is closed: wait for the croupier to open it.',
    fr: () => 'La table est fermée : attendez que le croupier l’ouvre.',
    cs: () => 'Stůl je zavřený: počkejte, až ho krupiér otevře.',
    de: () => 'Der Tisch ist geschlossen: warten Sie, bis der Croupier ihn öffnet.',
    it: () => 'Il tavolo è chiuso: attendete che il croupier lo apra.',
  },
  // a bet's refusal names its stake; the ledger's (a withdrawal above the balance) names the
  // posting's amount (negative): worded as an insufficient balance with the balance and the sum
  // asked, never as "stake 0.00" (new-user QA, issue 15)
  INSUFFICIENT_FUNDS: {
    en: (d, m) =>
      'stake' in d
        ? `Not enough money: balance ${m(num(d, 'balance'))}, stake ${m(num(d, 'stake'))}.`
        : `Insufficient balance: the balance is ${m(num(d, 'balance'))}, ${m(asked(d))} asked.`,
    fr: (d, m) =>
      'stake' in d
        ? `Solde insuffisant : ${m(num(d, 'balance'))} pour une mise de ${m(num(d, 'stake'))}.`
        : `Solde insuffisant : le solde est de ${m(num(d, 'balance'))}, ${m(asked(d))} demandés.`,
    cs: (d, m) =>
      'stake' in d
        ? `Nedostatek peněz: zůstatek ${m(num(d, 'balance'))}, vklad ${m(num(d, 'stake'))}.`
        : `Nedostatečný zůstatek: zůstatek je ${m(num(d, 'balance'))}, požadováno ${m(asked(d))}.`,
    de: (d, m) =>
      'stake' in d
        ? `Guthaben reicht nicht: ${m(num(d, 'balance'))} für einen Einsatz von ${m(num(d, 'stake'))}.`
        : `Guthaben reicht nicht: das Guthaben beträgt ${m(num(d, 'balance'))}, verlangt ${m(asked(d))}.`,
    it: (d, m) =>
      'stake' in d
        ? `Saldo insufficiente: ${m(num(d, 'balance'))} per una posta di ${m(num(d, 'stake'))}.`
        : `Saldo insufficiente: il saldo è ${m(num(d, 'balance'))}, richiesti ${m(asked(d))}.`,
  },
  ABOVE_MAXIMUM: {
    en: (d, m) =>
      `Above the table maximum of ${m(num(d, 'limit'))} on this spot (you would have ${m(num(d, 'total'))}).`,
    fr: (d, m) => `Au-dessus du maximum de ${m(num(d, 'limit'))} sur cette case (vous auriez ${m(num(d, 'total'))}).`,
    cs: (d, m) => `Nad maximem stolu ${m(num(d, 'limit'))} na tomto poli (měli byste ${m(num(d, 'total'))}).`,
    de: (d, m) => `Über dem Tischmaximum von ${m(num(d, 'limit'))} auf diesem Feld (Sie hätten ${m(num(d, 'total'))}).`,
    it: (d, m) => `Oltre il massimo di ${m(num(d, 'limit'))} su questa casella (avreste ${m(num(d, 'total'))}).`,
  },
  BELOW_MINIMUM: {
    en: (d, m) => `Below the table minimum of ${m(num(d, 'minimum'))}.`,
    fr: (d, m) => `En dessous du minimum de la table, ${m(num(d, 'minimum'))}.`,
    cs: (d, m) => `Pod minimem stolu ${m(num(d, 'minimum'))}.`,
    de: (d, m) => `Unter dem Tischminimum von ${m(num(d, 'minimum'))}.`,
    it: (d, m) => `Sotto il minimo del tavolo, ${m(num(d, 'minimum'))}.`,
  },
  NOTHING_TO_REBET: {
    en: () => 'Nothing to play again.',
    fr: () => 'Rien à rejouer.',
    cs: () => 'Není co opakovat.',
    de: () => 'Nichts zu wiederholen.',
    it: () => 'Niente da ripetere.',
  },
  NOTHING_TO_UNDO: {
    en: () => 'No bet of yours to undo.',
    fr: () => 'Aucune mise à annuler.',
    cs: () => 'Žádná sázka ke zrušení.',
    de: () => 'Kein Einsatz zum Zurücknehmen.',
    it: () => 'Nessuna puntata da annullare.',
  },
  CHOICE_CLOSED: {
    en: () => 'Too late: the bet stays en prison.',
    fr: () => 'Trop tard : la mise reste en prison.',
    cs: () => 'Příliš pozdě: sázka zůstává obstavená.',
    de: () => 'Zu spät: der Einsatz bleibt en prison.',
    it: () => 'Troppo tardi: la puntata resta in prigione.',
  },
  UNKNOWN_PLAYER: {
    en: () => 'No player of that name.',
    fr: () => 'Aucun joueur de ce nom.',
    cs: () => 'Hráč tohoto jména neexistuje.',
    de: () => 'Kein Spieler mit diesem Namen.',
    it: () => 'Nessun giocatore con questo nome.',
  },
  PLAYER_AMBIGUOUS: {
    en: () => 'That name or id fits several players: type the account id.',
    fr: () => 'Ce nom ou identifiant désigne plusieurs joueurs : saisissez l’identifiant du compte.',
    cs: () => 'Toto jméno nebo id odpovídá více hráčům: zadejte id účtu.',
    de: () => 'Dieser Name oder diese Kennung passt auf mehrere Spieler: geben Sie die Kontokennung ein.',
    it: () => 'Questo nome o id corrisponde a più giocatori: digitate l’id del conto.',
  },
  PLAYER_EXISTS: {
    en: () => 'This name is taken: choose another one (or sit down with it if it is yours).',
    fr: () => 'Ce nom est déjà pris : choisissez-en un autre (ou asseyez-vous avec s’il est le vôtre).',
    cs: () => 'Toto jméno je obsazené: zvolte jiné (nebo se s ním posaďte, je-li vaše).',
    de: () => 'Dieser Name ist vergeben: wählen Sie einen anderen (oder setzen Sie sich damit, wenn es Ihrer ist).',
    it: () => 'Questo nome è già preso: sceglietene un altro (o sedetevi con esso se è il vostro).',
  },
  REGISTRATION_CLOSED: {
    en: () => 'This casino does not create players here: ask for an account.',
    fr: () => 'Ce casino ne crée pas de joueurs ici : demandez un compte.',
    cs: () => 'Tento kasinový server zde hráče nevytváří: požádejte o účet.',
    de: () => 'Dieses Casino legt hier keine Spieler an: fragen Sie nach einem Konto.',
    it: () => 'Questo casinò non crea giocatori qui: chiedete un conto.',
  },
  INVALID_NAME: {
    en: () => 'This name cannot be used: letters or digits, at most 32 characters.',
    fr: () => 'Ce nom n’est pas utilisable : des lettres ou des chiffres, 32 caractères au plus.',
    cs: () => 'Toto jméno nelze použít: písmena nebo číslice, nejvýše 32 znaků.',
    de: () => 'Dieser Name ist nicht möglich: Buchstaben oder Ziffern, höchstens 32 Zeichen.',
    it: () => 'Questo nome non è utilizzabile: lettere o cifre, al massimo 32 caratteri.',
  },
  TOO_MANY_BETS: {
    en: (d) => `At most ${num(d, 'limit')} bets per player on the layout.`,
    fr: (d) => `Au plus ${num(d, 'limit')} mises par joueur sur le tapis.`,
    cs: (d) => `Nejvýše ${num(d, 'limit')} sázek na hráče na stole.`,
    de: (d) => `Höchstens ${num(d, 'limit')} Einsätze pro Spieler auf dem Tableau.`,
    it: (d) => `Al massimo ${num(d, 'limit')} puntate per giocatore sul tappeto.`,
  },
  BALANCE_LIMIT: {
    en: () => 'Refused: a win could take your wallet above its limit.',
    fr: () => 'Refusé : un gain porterait votre solde au-delà de sa limite.',
    cs: () => 'Odmítnuto: výhra by překročila limit vaší peněženky.',
    de: () => 'Abgelehnt: ein Gewinn könnte Ihr Guthaben über seine Grenze bringen.',
    it: () => 'Rifiutato: una vincita porterebbe il saldo oltre il suo limite.',
  },
  BET_NOT_FOUND: {
    en: () => 'This bet is no longer on the layout.',
    fr: () => 'Cette mise n’est plus sur le tapis.',
    cs: () => 'Tato sázka už na stole není.',
    de: () => 'Dieser Einsatz liegt nicht mehr auf dem Tableau.',
    it: () => 'Questa puntata non è più sul tappeto.',
  },
  PRISONER_NOT_FOUND: {
    en: () => 'This bet is no longer en prison.',
    fr: () => 'Cette mise n’est plus en prison.',
    cs: () => 'Tato sázka už není obstavená.',
    de: () => 'Dieser Einsatz ist nicht mehr en prison.',
    it: () => 'Questa puntata non è più in prigione.',
  },
  INVALID_CHOICE: {
    en: () => 'Choose another chance simple.',
    fr: () => 'Choisissez une autre chance simple.',
    cs: () => 'Zvolte jinou jednoduchou šanci.',
    de: () => 'Wählen Sie eine andere einfache Chance.',
    it: () => 'Scegliete un’altra chance semplice.',
  },
  UNAUTHORIZED: {
    en: () => 'Your session has ended: sit down again.',
    fr: () => 'Votre session a pris fin : reprenez place.',
    cs: () => 'Vaše relace skončila: posaďte se znovu.',
    de: () => 'Ihre Sitzung ist beendet: setzen Sie sich erneut.',
    it: () => 'La sessione è terminata: sedetevi di nuovo.',
  },
  FORBIDDEN: {
    en: () => 'Not allowed with this token.',
    fr: () => 'Non autorisé avec ce jeton.',
    cs: () => 'S tímto tokenem není povoleno.',
    de: () => 'Mit diesem Token nicht erlaubt.',
    it: () => 'Non consentito con questo token.',
  },
  WRONG_PHASE: {
    en: () => 'Not possible in this phase of the coup.',
    fr: () => 'Impossible à ce moment du coup.',
    cs: () => 'V této fázi hry to není možné.',
    de: () => 'In dieser Phase des Coups nicht möglich.',
    it: () => 'Non possibile in questa fase del colpo.',
  },
  NETWORK: {
    en: () => 'The server cannot be reached.',
    fr: () => 'Le serveur est injoignable.',
    cs: () => 'Server je nedostupný.',
    de: () => 'Der Server ist nicht erreichbar.',
    it: () => 'Il server non è raggiungibile.',
  },
  // issue 11: refusals of the rule set (RULES §3a)
  INVALID_STAKE_UNIT: {
    en: (d, m) => `Chances simples take multiples of ${m(num(d, 'multiple'))} at this table.`,
    fr: (d, m) => `Les chances simples se jouent par multiples de ${m(num(d, 'multiple'))} à cette table.`,
    cs: (d, m) => `Na jednoduché šance se u tohoto stolu sází v násobcích ${m(num(d, 'multiple'))}.`,
    de: (d, m) => `Einfache Chancen nur in Vielfachen von ${m(num(d, 'multiple'))} an diesem Tisch.`,
    it: (d, m) => `Le chances semplici si giocano in multipli di ${m(num(d, 'multiple'))} a questo tavolo.`,
  },
  BET_NOT_OFFERED: {
    en: () => 'This combination is not offered at this table.',
    fr: () => 'Cette combinaison n’est pas offerte à cette table.',
    cs: () => 'Tato kombinace se u tohoto stolu nehraje.',
    de: () => 'Diese Kombination wird an diesem Tisch nicht angeboten.',
    it: () => 'Questa combinazione non è offerta a questo tavolo.',
  },
  ANNOUNCE_NOT_OFFERED: {
    en: () => 'Announced bets are not offered at this table.',
    fr: () => 'Les annonces ne sont pas offertes à cette table.',
    cs: () => 'Ohlášené sázky se u tohoto stolu nehrají.',
    de: () => 'Angesagte Spiele werden an diesem Tisch nicht angeboten.',
    it: () => 'Le puntate annunciate non sono offerte a questo tavolo.',
  },
};

/** Any other refusal: said in the player's words, with the code for support. */
/** The colon after a label in a language: French typography puts a space before it ("Refusé : …"). */
export function colon(lang: Language): string {
  return lang === 'fr' ? ' : ' : ': ';
}

/** A refusal as a toast says it: "Refused: …", "Refusé : …" (the French space before the colon). */
export function refusedText(lang: Language, text: string): string {
  return `${DICTS[lang].error}${colon(lang)}${text}`;
}

export const ERROR_OTHER: Record<Language, string> = {
  en: 'The server refused this.',
  fr: 'Le serveur a refusé.',
  cs: 'Server to odmítl.',
  de: 'Der Server hat abgelehnt.',
  it: 'Il server ha rifiutato.',
};

// ---------------------------------------------------------------------------- login
/** Words of the login screen (web/src/player.ts): demo players, a new player's form. */
export const DEMO_LABEL: Record<Language, string> = {
  en: 'Demo players of this server:',
  fr: 'Joueurs de démonstration :',
  cs: 'Ukázkoví hráči:',
  de: 'Demo-Spieler:',
  it: 'Giocatori dimostrativi:',
};
export const NEW_PLAYER: Record<Language, string> = {
  en: 'Play as a new player',
  fr: 'Jouer en tant que nouveau joueur',
  cs: 'Hrát jako nový hráč',
  de: 'Als neuer Spieler spielen',
  it: 'Giocare come nuovo giocatore',
};
export const WELCOME: Record<Language, string> = {
  en: 'welcome balance {a}',
  fr: 'solde de bienvenue {a}',
  cs: 'uvítací zůstatek {a}',
  de: 'Willkommensguthaben {a}',
  it: 'saldo di benvenuto {a}',
};
export const JOIN: Record<Language, string> = {
  en: 'Join',
  fr: 'Rejoindre',
  cs: 'Připojit se',
  de: 'Beitreten',
  it: 'Unisciti',
};
export const DEMO_HINT: Record<Language, string> = {
  en: 'Try one of the demo players below.',
  fr: 'Essayez un des joueurs de démonstration ci-dessous.',
  cs: 'Zkuste některého z ukázkových hráčů níže.',
  de: 'Versuchen Sie einen der Demo-Spieler unten.',
  it: 'Provate uno dei giocatori dimostrativi qui sotto.',
};

// --- accounts: login with a password, demo accounts, account refusals (docs/SECURITY.md) ---

/** Words of the login screens (player table and console). */
export const ACCOUNT_WORDS: Record<
  Language,
  { password: string; staffName: string; logIn: string; demoStaff: string; demoNote: string; playersOnly: string }
> = {
  en: {
    password: 'Password',
    staffName: 'Staff name',
    logIn: 'Log in',
    demoStaff: 'Demo staff of this server:',
    demoNote: 'Demo accounts with public passwords: never for real play.',
    playersOnly: 'This is a staff account: the croupier console is at /croupier.',
  },
  fr: {
    password: 'Mot de passe',
    staffName: 'Nom de l’employé',
    logIn: 'Se connecter',
    demoStaff: 'Personnel de démonstration :',
    demoNote: 'Comptes de démonstration aux mots de passe publics : jamais pour le jeu réel.',
    playersOnly: 'C’est un compte du personnel : la console du croupier est à /croupier.',
  },
  cs: {
    password: 'Heslo',
    staffName: 'Jméno zaměstnance',
    logIn: 'Přihlásit',
    demoStaff: 'Ukázkový personál:',
    demoNote: 'Ukázkové účty s veřejnými hesly: nikdy pro skutečnou hru.',
    playersOnly: 'Toto je účet personálu: konzole krupiéra je na /croupier.',
  },
  de: {
    password: 'Passwort',
    staffName: 'Name des Mitarbeiters',
    logIn: 'Anmelden',
    demoStaff: 'Demo-Personal:',
    demoNote: 'Demo-Konten mit öffentlichen Passwörtern: nie für echtes Spiel.',
    playersOnly: 'Das ist ein Personalkonto: die Croupier-Konsole ist unter /croupier.',
  },
  it: {
    password: 'Password',
    staffName: 'Nome del personale',
    logIn: 'Accedi',
    demoStaff: 'Personale dimostrativo:',
    demoNote: 'Account dimostrativi con password pubbliche: mai per il gioco reale.',
    playersOnly: 'Questo è un account del personale: la console del croupier è su /croupier.',
  },
};

/** Refusals of logins and registrations in the five languages (codes of src/protocol/errors.ts). */
export const ACCOUNT_ERROR_TEXTS: Record<string, Record<Language, ErrorWords>> = {
  INVALID_CREDENTIALS: {
    en: () => 'Unknown name or wrong password.',
    fr: () => 'Nom inconnu ou mot de passe erroné.',
    cs: () => 'Neznámé jméno nebo špatné heslo.',
    de: () => 'Unbekannter Name oder falsches Passwort.',
    it: () => 'Nome sconosciuto o password errata.',
  },
  ACCOUNT_LOCKED: {
    en: () => 'This account is locked: ask the casino.',
    fr: () => 'Ce compte est bloqué : adressez-vous au casino.',
    cs: () => 'Tento účet je zablokován: obraťte se na kasino.',
    de: () => 'Dieses Konto ist gesperrt: wenden Sie sich an das Casino.',
    it: () => 'Questo account è bloccato: rivolgetevi al casinò.',
  },
  TOO_MANY_ATTEMPTS: {
    en: (d) => `Too many attempts: try again in ${String(d.retryAfter ?? 60)} s.`,
    fr: (d) => `Trop de tentatives : réessayez dans ${String(d.retryAfter ?? 60)} s.`,
    cs: (d) => `Příliš mnoho pokusů: zkuste to znovu za ${String(d.retryAfter ?? 60)} s.`,
    de: (d) => `Zu viele Versuche: erneut in ${String(d.retryAfter ?? 60)} s.`,
    it: (d) => `Troppi tentativi: riprovate tra ${String(d.retryAfter ?? 60)} s.`,
  },
  WELCOME_BUDGET_SPENT: {
    en: () => 'Registration is paused for now: try again later.',
    fr: () => 'Les inscriptions sont suspendues : réessayez plus tard.',
    cs: () => 'Registrace je pozastavena: zkuste to později.',
    de: () => 'Die Registrierung ist pausiert: versuchen Sie es später.',
    it: () => 'La registrazione è sospesa: riprovate più tardi.',
  },
  NAME_MIXED_SCRIPTS: {
    en: () => 'A name is written in one script (no look-alike letters of another).',
    fr: () => 'Un nom s’écrit dans une seule écriture (pas de lettres sosies d’une autre).',
    cs: () => 'Jméno se píše jedním písmem (bez podobných znaků jiného písma).',
    de: () => 'Ein Name ist in einer Schrift geschrieben (keine ähnlichen Zeichen einer anderen).',
    it: () => 'Un nome è scritto in un solo alfabeto (niente lettere somiglianti di un altro).',
  },
  NAME_INVISIBLE_CHARACTER: {
    en: () => 'A name has no invisible characters.',
    fr: () => 'Un nom n’a pas de caractères invisibles.',
    cs: () => 'Jméno nesmí obsahovat neviditelné znaky.',
    de: () => 'Ein Name enthält keine unsichtbaren Zeichen.',
    it: () => 'Un nome non ha caratteri invisibili.',
  },
  PASSWORD_TOO_SHORT: {
    en: () => 'A password has at least 8 characters.',
    fr: () => 'Un mot de passe a au moins 8 caractères.',
    cs: () => 'Heslo má alespoň 8 znaků.',
    de: () => 'Ein Passwort hat mindestens 8 Zeichen.',
    it: () => 'Una password ha almeno 8 caratteri.',
  },
  PASSWORD_TOO_LONG: {
    en: () => 'A password has at most 256 characters.',
    fr: () => 'Un mot de passe a au plus 256 caractères.',
    cs: () => 'Heslo má nejvýše 256 znaků.',
    de: () => 'Ein Passwort hat höchstens 256 Zeichen.',
    it: () => 'Una password ha al massimo 256 caratteri.',
  },
};
// ---------------------------------------------------------------------------- table operation (issue 12)
/** What the players read when the staff call "no spin" or void the coup (web/src/player.ts). */
export const STAFF_NOTICES: Record<Language, { 'no-spin': string; void: string; corrected: string; reason: string }> = {
  en: {
    'no-spin': 'No spin: the ball is thrown again, your bets stay.',
    void: 'This coup is void: every stake is returned.',
    corrected: 'The number of this coup was corrected and the coup settled again.',
    reason: 'Reason: {r}',
  },
  fr: {
    'no-spin': 'Boule nulle : la boule est relancée, vos mises restent.',
    void: 'Coup annulé : toutes les mises sont rendues.',
    corrected: 'Le numéro de ce coup a été corrigé et le coup réglé à nouveau.',
    reason: 'Motif : {r}',
  },
  cs: {
    'no-spin': 'Neplatný hod: kulička se hází znovu, vaše sázky zůstávají.',
    void: 'Hra je zrušena: všechny sázky se vracejí.',
    corrected: 'Číslo této hry bylo opraveno a hra znovu vyúčtována.',
    reason: 'Důvod: {r}',
  },
  de: {
    'no-spin': 'Kein Spiel: Die Kugel wird neu geworfen, Ihre Einsätze bleiben.',
    void: 'Dieser Coup ist annulliert: Alle Einsätze werden zurückgegeben.',
    corrected: 'Die Zahl dieses Coups wurde berichtigt und der Coup neu abgerechnet.',
    reason: 'Grund: {r}',
  },
  it: {
    'no-spin': 'Lancio nullo: la pallina viene rilanciata, le vostre puntate restano.',
    void: 'Questo colpo è annullato: tutte le puntate vengono restituite.',
    corrected: 'Il numero di questo colpo è stato corretto e il colpo liquidato di nuovo.',
    reason: 'Motivo: {r}',
  },
};

/** The players' text of a staff notice in a language, with the staff's reason when there is one. */
export function staffNoticeText(lang: Language, kind: 'no-spin' | 'void' | 'corrected', reason?: string): string {
  const w = STAFF_NOTICES[lang];
  return reason ? `${w[kind]} ${w.reason.replace('{r}', () => reason)}` : w[kind]; // a function: $& in a reason stays as typed
}

/** The words of the console's table-operation panel (web/src/console/operation.ts). */
export interface OpsWords {
  readonly title: string;
  readonly enter: string;
  readonly entered: string;
  /** An entered number corrected before its confirmation: `{n}` the new, `{m}` the one it replaced. */
  readonly enteredCorrected: string;
  readonly confirmEntered: string;
  readonly noSpin: string;
  readonly voidCoup: string;
  readonly reason: string;
  readonly reasonNeeded: string;
  readonly correctNumber: string;
  readonly correct: string;
  readonly nothingEntered: string;
  /** A void coup in the permanence: "{n}: void" (`{n}` the coup's number). */
  readonly voidInPermanence: string;
  /** The question before a void (`{n}` the coup's number): a void cannot be undone. */
  readonly voidAsk: string;
}

export const OPS_WORDS: Record<Language, OpsWords> = {
  en: {
    title: 'Table operation',
    enter: 'Enter',
    entered: 'Entered: {n} — not settled until confirmed',
    enteredCorrected: 'Entered: {n} (corrected from {m}) — not settled until confirmed',
    confirmEntered: 'Confirm {n}',
    noSpin: 'No spin',
    voidCoup: 'Void the coup',
    reason: 'Reason',
    reasonNeeded: 'Give a reason first.',
    correctNumber: 'Correct the settled number',
    correct: 'Correct',
    nothingEntered: 'No number entered.',
    voidInPermanence: '{n}: void',
    voidAsk: 'Void coup {n}? Every stake of the coup goes back to its player. A void cannot be undone.',
  },
  fr: {
    title: 'Conduite de la table',
    enter: 'Annoncer',
    entered: 'Annoncé : {n} — réglé seulement après validation',
    enteredCorrected: 'Annoncé : {n} (corrigé, au lieu de {m}) — réglé seulement après validation',
    confirmEntered: 'Valider {n}',
    noSpin: 'Boule nulle',
    voidCoup: 'Annuler le coup',
    reason: 'Motif',
    reasonNeeded: 'Indiquez d’abord un motif.',
    correctNumber: 'Corriger le numéro réglé',
    correct: 'Corriger',
    nothingEntered: 'Aucun numéro annoncé.',
    voidInPermanence: '{n} : annulé',
    voidAsk: 'Annuler le coup {n} ? Chaque mise du coup revient à son joueur. Une annulation est définitive.',
  },
  cs: {
    title: 'Řízení stolu',
    enter: 'Zadat',
    entered: 'Zadáno: {n} — vyúčtuje se až po potvrzení',
    enteredCorrected: 'Zadáno: {n} (opraveno z {m}) — vyúčtuje se až po potvrzení',
    confirmEntered: 'Potvrdit {n}',
    noSpin: 'Neplatný hod',
    voidCoup: 'Zrušit hru',
    reason: 'Důvod',
    reasonNeeded: 'Nejprve uveďte důvod.',
    correctNumber: 'Opravit vyúčtované číslo',
    correct: 'Opravit',
    nothingEntered: 'Není zadáno žádné číslo.',
    voidInPermanence: '{n}: zrušeno',
    voidAsk: 'Zrušit hru {n}? Každá sázka této hry se vrátí hráči. Zrušení nelze vzít zpět.',
  },
  de: {
    title: 'Tischführung',
    enter: 'Eingeben',
    entered: 'Eingegeben: {n} — erst nach Bestätigung abgerechnet',
    enteredCorrected: 'Eingegeben: {n} (berichtigt, statt {m}) — erst nach Bestätigung abgerechnet',
    confirmEntered: 'Bestätigen {n}',
    noSpin: 'Kein Spiel',
    voidCoup: 'Coup annullieren',
    reason: 'Grund',
    reasonNeeded: 'Bitte zuerst einen Grund angeben.',
    correctNumber: 'Abgerechnete Zahl berichtigen',
    correct: 'Berichtigen',
    nothingEntered: 'Keine Zahl eingegeben.',
    voidInPermanence: '{n}: annulliert',
    voidAsk:
      'Coup {n} annullieren? Jeder Einsatz des Coups geht an seinen Spieler zurück. Eine Annullierung ist endgültig.',
  },
  it: {
    title: 'Conduzione del tavolo',
    enter: 'Inserisci',
    entered: 'Inserito: {n} — liquidato solo dopo la conferma',
    enteredCorrected: 'Inserito: {n} (corretto, al posto del {m}) — liquidato solo dopo la conferma',
    confirmEntered: 'Conferma {n}',
    noSpin: 'Lancio nullo',
    voidCoup: 'Annulla il colpo',
    reason: 'Motivo',
    reasonNeeded: 'Indicate prima un motivo.',
    correctNumber: 'Correggi il numero liquidato',
    correct: 'Correggi',
    nothingEntered: 'Nessun numero inserito.',
    voidInPermanence: '{n}: annullato',
    voidAsk:
      'Annullare il colpo {n}? Ogni puntata del colpo torna al suo giocatore. Un annullamento non si può revocare.',
  },
};

const PHASE_KEYS = new Map<string, TextKey>([
  ['betting', 'betting'],
  ['launched', 'launched'],
  ['no-more-bets', 'noMoreBets'],
  ['settled', 'settled'],
  ['paused', 'paused'],
  ['closed', 'closed'],
]);

/** A table phase (`closed`, `betting`, …) named in a language; an unknown phase as it is. */
export function phaseName(lang: Language, phase: string): string {
  const key = PHASE_KEYS.get(phase);
  return key ? t(lang, key) : phase;
}

/** The phases a refused command would be allowed in (`detail.allowed` of WRONG_PHASE), named in a language. */
function allowedPhases(lang: Language, d: Record<string, unknown>): string {
  const list = Array.isArray(d.allowed) ? (d.allowed as string[]) : [];
  return list.map((p) => phaseName(lang, p)).join(' / ');
}

const withAllowed = (lang: Language, text: string, label: string) => (d: Record<string, unknown>) => {
  const list = allowedPhases(lang, d);
  return list ? `${text} ${label} ${list}.` : text;
};

/**
 * WRONG_PHASE of a correction after a void (`detail.voided`: the coup) says the void, with
 * `{n}` the coup; any other WRONG_PHASE names the phases that would allow the command.
 */
const wrongPhase =
  (lang: Language, text: string, label: string, voided: string) =>
  (d: Record<string, unknown>): string =>
    typeof d.voided === 'number' ? voided.replace('{n}', String(d.voided)) : withAllowed(lang, text, label)(d);

/** A text refused as too long (TEXT_TOO_LONG, `detail: {field, max}`): the reason named as such. */
const tooLong = (reason: string, other: string) => (d: Record<string, unknown>) =>
  (d.field === 'reason' ? reason : other).replace('{max}', String(num(d, 'max')));

/**
 * A refused number (INVALID_OUTCOME): the coup's own number again (`detail: {pocket, coup}`), or no
 * pocket of the table's wheel (`detail: {wheel}`: its pockets named); without a detail the fact only.
 */
const invalidOutcome =
  (same: string, notPocket: string) =>
  (d: Record<string, unknown>): string =>
    d.pocket !== undefined && typeof d.coup === 'number'
      ? same.replace('{n}', String(d.pocket)).replace('{c}', String(d.coup))
      : notPocket
          .replace('{range}', d.wheel === 'double' ? '0, 00, 1-36' : d.wheel === 'single' ? '0-36' : '')
          .replace(/( :|:) \.$/u, '.');

/**
 * What the console says of a typed number that is no pocket of the wheel ("37" on a French table,
 * "abc", "-1", "1.5"): the words of the server's INVALID_OUTCOME, nothing sent (new-user QA).
 */
export function notAPocketText(lang: Language, wheel: 'single' | 'double'): string {
  return refusedText(lang, ERROR_TEXTS.INVALID_OUTCOME![lang]({ wheel }, String));
}

/** The refusals of the table operation (issue 12), and WRONG_PHASE naming the phase that would allow the command. */
Object.assign(ERROR_TEXTS, {
  WRONG_PHASE: {
    en: wrongPhase(
      'en',
      'Not possible in this phase of the coup.',
      'Possible in:',
      'Coup {n} was void and every stake returned: there is no number to correct.',
    ),
    fr: wrongPhase(
      'fr',
      'Impossible à ce moment du coup.',
      'Possible en :',
      'Le coup {n} a été annulé et toutes les mises rendues : il n’y a pas de numéro à corriger.',
    ),
    cs: wrongPhase(
      'cs',
      'V této fázi hry to není možné.',
      'Možné ve fázi:',
      'Hra {n} byla zrušena a všechny sázky vráceny: není co opravit.',
    ),
    de: wrongPhase(
      'de',
      'In dieser Phase des Coups nicht möglich.',
      'Möglich in:',
      'Coup {n} wurde annulliert und alle Einsätze zurückgegeben: es gibt keine Zahl zu berichtigen.',
    ),
    it: wrongPhase(
      'it',
      'Non possibile in questa fase del colpo.',
      'Possibile in:',
      'Il colpo {n} è stato annullato e tutte le puntate restituite: non c’è alcun numero da correggere.',
    ),
  },
  TEXT_TOO_LONG: {
    en: tooLong('The reason is too long: at most {max} characters.', 'Too long: at most {max} characters.'),
    fr: tooLong('Le motif est trop long : {max} caractères au plus.', 'Trop long : {max} caractères au plus.'),
    cs: tooLong('Důvod je příliš dlouhý: nejvýše {max} znaků.', 'Příliš dlouhé: nejvýše {max} znaků.'),
    de: tooLong('Der Grund ist zu lang: höchstens {max} Zeichen.', 'Zu lang: höchstens {max} Zeichen.'),
    it: tooLong('Il motivo è troppo lungo: al massimo {max} caratteri.', 'Troppo lungo: al massimo {max} caratteri.'),
  },
  SEAT_ELSEWHERE: {
    en: (d: Record<string, unknown>) => `You hold a seat at table ${String(d.table ?? '?')}: leave it first.`,
    fr: (d: Record<string, unknown>) =>
      `Vous occupez une place à la table ${String(d.table ?? '?')} : quittez-la d’abord.`,
    cs: (d: Record<string, unknown>) => `Máte místo u stolu ${String(d.table ?? '?')}: nejprve ho opusťte.`,
    de: (d: Record<string, unknown>) =>
      `Sie haben einen Platz am Tisch ${String(d.table ?? '?')}: verlassen Sie ihn zuerst.`,
    it: (d: Record<string, unknown>) => `Occupate un posto al tavolo ${String(d.table ?? '?')}: lasciatelo prima.`,
  },
  SEAT_TAKEN: {
    en: (d) => `${holderName(d)} already holds the seat ${seatName(d)}.`,
    fr: (d) => `${holderName(d)} occupe déjà la place de ${seatName(d)}.`,
    cs: (d) => `Místo ${seatName(d)} už obsadil(a) ${holderName(d)}.`,
    de: (d) => `${holderName(d)} hat den Platz ${seatName(d)} bereits eingenommen.`,
    it: (d) => `${holderName(d)} occupa già il posto di ${seatName(d)}.`,
  },
  SEAT_NOT_YOURS: {
    en: (d) => `The seat ${seatName(d)} is held by ${holderName(d)}: only they, a pit boss or an admin may free it.`,
    fr: (d) =>
      `La place de ${seatName(d)} est occupée par ${holderName(d)} : seul(e) cette personne, un pit boss ou un admin peut la libérer.`,
    cs: (d) => `Místo ${seatName(d)} drží ${holderName(d)}: uvolnit ho může jen on(a), pit boss nebo admin.`,
    de: (d) =>
      `Den Platz ${seatName(d)} hat ${holderName(d)}: nur diese Person, ein Pit Boss oder ein Admin kann ihn freigeben.`,
    it: (d) =>
      `Il posto di ${seatName(d)} è occupato da ${holderName(d)}: solo questa persona, un pit boss o un admin può liberarlo.`,
  },
  SEAT_EMPTY: {
    en: (d) => `Nobody holds the seat ${seatName(d)}.`,
    fr: (d) => `Personne n’occupe la place de ${seatName(d)}.`,
    cs: (d) => `Místo ${seatName(d)} nikdo neobsadil.`,
    de: (d) => `Niemand hat den Platz ${seatName(d)} eingenommen.`,
    it: (d) => `Nessuno occupa il posto di ${seatName(d)}.`,
  },
  SEAT_CHEF_ONLY: {
    en: () => 'The chef de table’s seat is for a chef de table, a pit boss or an admin.',
    fr: () => 'La place du chef de table est réservée au chef de table, à un pit boss ou à un admin.',
    cs: () => 'Místo chef de table je jen pro chef de table, pit bosse nebo admina.',
    de: () => 'Der Platz des chef de table ist einem chef de table, einem Pit Boss oder einem Admin vorbehalten.',
    it: () => 'Il posto del chef de table è riservato al chef de table, a un pit boss o a un admin.',
  },
  REASON_REQUIRED: {
    en: () => 'A reason is required.',
    fr: () => 'Un motif est obligatoire.',
    cs: () => 'Důvod je povinný.',
    de: () => 'Ein Grund ist erforderlich.',
    it: () => 'Il motivo è obbligatorio.',
  },
  NOTHING_ENTERED: {
    en: () => 'No number has been entered for this coup.',
    fr: () => 'Aucun numéro n’a été annoncé pour ce coup.',
    cs: () => 'Pro tuto hru nebylo zadáno žádné číslo.',
    de: () => 'Für diesen Coup wurde keine Zahl eingegeben.',
    it: () => 'Nessun numero è stato inserito per questo colpo.',
  },
  ENTERED_CHANGED: {
    en: () => 'Another number was entered meanwhile: check it and confirm again.',
    fr: () => 'Un autre numéro a été annoncé entre-temps : vérifiez-le et confirmez à nouveau.',
    cs: () => 'Mezitím bylo zadáno jiné číslo: zkontrolujte je a potvrďte znovu.',
    de: () => 'Inzwischen wurde eine andere Zahl eingegeben: prüfen Sie sie und bestätigen Sie erneut.',
    it: () => 'Nel frattempo è stato inserito un altro numero: verificatelo e confermate di nuovo.',
  },
  DEROGATION_CHEF_ONLY: {
    en: () => 'Only the chef de table may accept a bet by derogation.',
    fr: () => 'Seul le chef de table peut accepter une mise par dérogation.',
    cs: () => 'Sázku výjimkou (dérogation) smí přijmout jen chef de table.',
    de: () => 'Nur der Chef de table darf einen Einsatz ausnahmsweise annehmen.',
    it: () => 'Solamente il Capo Tavolo può concedere una deroga.',
  },
  CORRECTION_REFUSED: {
    en: () => 'This coup can no longer be corrected (la partage was taken).',
    fr: () => 'Ce coup ne peut plus être corrigé (la partage a été prise).',
    cs: () => 'Tuto hru již nelze opravit (byla vzata polovina vkladu).',
    de: () => 'Dieser Coup kann nicht mehr berichtigt werden (Teilung gewählt).',
    it: () => 'Questo colpo non può più essere corretto (à partager già scelto).',
  },
  WRONG_MODE: {
    en: () => 'Not possible on this table’s wheel.',
    fr: () => 'Impossible avec le cylindre de cette table.',
    cs: () => 'U kola tohoto stolu to není možné.',
    de: () => 'Mit dem Kessel dieses Tisches nicht möglich.',
    it: () => 'Non possibile con la ruota di questo tavolo.',
  },
  INVALID_OUTCOME: {
    en: invalidOutcome('{n} is already the number of coup {c}.', 'Not a pocket of this wheel: {range}.'),
    fr: invalidOutcome('{n} est déjà le numéro du coup {c}.', 'Pas une case de ce cylindre : {range}.'),
    cs: invalidOutcome('{n} už je číslo hry {c}.', 'Není to číslo tohoto kola: {range}.'),
    de: invalidOutcome('{n} ist bereits die Zahl von Coup {c}.', 'Keine Zahl dieses Kessels: {range}.'),
    it: invalidOutcome('{n} è già il numero del colpo {c}.', 'Non è un numero di questa ruota: {range}.'),
  },
} satisfies Record<string, Record<Language, ErrorWords>>);

// automatic wheel panel of the console (issue 13)

/** The words of the console's wheel panel beyond DICTS: link states, rotor directions, who drives the coup. */
export const WHEEL_WORDS: Record<
  Language,
  {
    link: { up: string; down: string; silent: string };
    unknown: string;
    direction: string;
    clockwise: string;
    anticlockwise: string;
    driven: string;
    keypad: string;
    wheel: string;
    lastFault: string;
    notice: string;
    /** The keypad's note on a wheel table while the wheel gives the number. */
    byWheel: string;
    /** The keypad's note on a coup held by a fault (the number is keyed in, or the coup voided). */
    heldEntry: string;
  }
> = {
  en: {
    link: { up: 'connected', down: 'lost', silent: 'silent' },
    unknown: 'waiting for the wheel',
    direction: 'Rotor direction',
    clockwise: 'clockwise',
    anticlockwise: 'anticlockwise',
    driven: 'Coup driven by',
    keypad: 'the croupier (keypad)',
    wheel: 'the wheel',
    lastFault: 'Last fault',
    notice: 'Last notice',
    byWheel: 'The automatic wheel gives the number; take over with the keypad to enter it.',
    heldEntry: 'Coup held: enter the number the ball shows, or void the coup.',
  },
  fr: {
    link: { up: 'connectée', down: 'perdue', silent: 'muette' },
    unknown: 'en attente de la roue',
    direction: 'Sens du cylindre',
    clockwise: 'horaire',
    anticlockwise: 'antihoraire',
    driven: 'Coup mené par',
    keypad: 'le croupier (clavier)',
    wheel: 'la roue',
    lastFault: 'Dernier défaut',
    notice: 'Dernier avis',
    byWheel: 'La roue automatique donne le numéro ; prenez la main au clavier pour le saisir.',
    heldEntry: 'Coup suspendu : saisissez le numéro où la bille repose, ou annulez le coup.',
  },
  cs: {
    link: { up: 'připojeno', down: 'ztraceno', silent: 'bez odezvy' },
    unknown: 'čeká se na ruletu',
    direction: 'Směr válce',
    clockwise: 've směru hodin',
    anticlockwise: 'proti směru hodin',
    driven: 'Hru řídí',
    keypad: 'krupiér (klávesnice)',
    wheel: 'ruleta',
    lastFault: 'Poslední porucha',
    notice: 'Poslední hlášení',
    byWheel: 'Číslo dává automatická ruleta; pro jeho zadání převezměte řízení klávesnicí.',
    heldEntry: 'Hra pozastavena: zadejte číslo, na kterém leží kulička, nebo hru zrušte.',
  },
  de: {
    link: { up: 'verbunden', down: 'verloren', silent: 'stumm' },
    unknown: 'warte auf den Kessel',
    direction: 'Drehrichtung',
    clockwise: 'im Uhrzeigersinn',
    anticlockwise: 'gegen den Uhrzeigersinn',
    driven: 'Coup geführt von',
    keypad: 'dem Croupier (Tastatur)',
    wheel: 'dem Kessel',
    lastFault: 'Letzte Störung',
    notice: 'Letzte Meldung',
    byWheel: 'Der automatische Kessel gibt die Zahl; zur Eingabe auf die Tastatur umschalten.',
    heldEntry: 'Coup angehalten: die Zahl eingeben, in der die Kugel liegt, oder den Coup annullieren.',
  },
  it: {
    link: { up: 'collegata', down: 'persa', silent: 'muta' },
    unknown: 'in attesa della ruota',
    direction: 'Senso del cilindro',
    clockwise: 'orario',
    anticlockwise: 'antiorario',
    driven: 'Colpo condotto da',
    keypad: 'il croupier (tastiera)',
    wheel: 'la ruota',
    lastFault: 'Ultimo guasto',
    notice: 'Ultimo avviso',
    byWheel: 'La ruota automatica dà il numero; passate alla tastiera per inserirlo.',
    heldEntry: 'Colpo sospeso: inserite il numero in cui si trova la pallina, o annullate il colpo.',
  },
};

// the table's storage failing (docs/WHEELS.md "When a wheel event cannot be stored")

/**
 * What the screens say while a table's storage fails (its view's `storage`): the console's alarm
 * (web/src/console/storage-alarm.ts: what happens, whether a wheel's call is held, what to do;
 * `{t}` the time it began) and the players' notice (web/src/storage-notice.ts: no error code).
 */
export const STORAGE_WORDS: Record<
  Language,
  { alarm: string; since: string; held: string; failing: string; action: string; player: string }
> = {
  en: {
    alarm: 'Storage failure: the table cannot record its events.',
    since: 'Since {t}.',
    held: 'A call of the wheel is held: it will be recorded as soon as the storage works again. Bets and table commands are refused meanwhile.',
    failing: 'Bets and table commands fail until the storage works again.',
    action: 'Call the technical staff (check the server’s disk and database).',
    player: 'Bets are not taken at the moment for a technical reason. They will be again as soon as it is fixed.',
  },
  fr: {
    alarm: 'Panne d’enregistrement : la table ne peut pas enregistrer ses événements.',
    since: 'Depuis {t}.',
    held: 'Une annonce du cylindre est en attente : elle sera enregistrée dès que le stockage fonctionnera de nouveau. Les mises et les commandes de la table sont refusées en attendant.',
    failing: 'Les mises et les commandes de la table échouent tant que le stockage ne fonctionne pas.',
    action: 'Appelez le service technique (vérifier le disque et la base de données du serveur).',
    player:
      'Les mises ne sont pas prises pour le moment, pour une raison technique. Elles reprendront dès que ce sera réparé.',
  },
  cs: {
    alarm: 'Porucha ukládání: stůl nemůže zaznamenávat své události.',
    since: 'Od {t}.',
    held: 'Hlášení ruletového kola čeká: bude zaznamenáno, jakmile ukládání znovu funguje. Sázky a příkazy stolu jsou mezitím odmítány.',
    failing: 'Sázky a příkazy stolu selhávají, dokud ukládání znovu nefunguje.',
    action: 'Zavolejte technickou podporu (zkontrolujte disk a databázi serveru).',
    player:
      'Sázky se momentálně z technických důvodů nepřijímají. Budou znovu přijímány, jakmile bude závada odstraněna.',
  },
  de: {
    alarm: 'Speicherstörung: Der Tisch kann seine Ereignisse nicht erfassen.',
    since: 'Seit {t}.',
    held: 'Eine Meldung des Kessels wird zurückgehalten: Sie wird erfasst, sobald der Speicher wieder funktioniert. Einsätze und Tischbefehle werden bis dahin abgelehnt.',
    failing: 'Einsätze und Tischbefehle schlagen fehl, bis der Speicher wieder funktioniert.',
    action: 'Rufen Sie die Technik (Festplatte und Datenbank des Servers prüfen).',
    player:
      'Einsätze werden derzeit aus technischen Gründen nicht angenommen. Sie werden wieder angenommen, sobald die Störung behoben ist.',
  },
  it: {
    alarm: 'Guasto di registrazione: il tavolo non può registrare i suoi eventi.',
    since: 'Dalle {t}.',
    held: 'Una chiamata della ruota è in attesa: sarà registrata appena la memorizzazione funzionerà di nuovo. Puntate e comandi del tavolo sono rifiutati nel frattempo.',
    failing: 'Puntate e comandi del tavolo falliscono finché la memorizzazione non funziona di nuovo.',
    action: 'Chiamate il personale tecnico (controllare il disco e il database del server).',
    player:
      'Le puntate non sono accettate al momento per un motivo tecnico. Riprenderanno appena il guasto sarà risolto.',
  },
};

// ---------------------------------------------------------------------------- derogation refusals
/**
 * A bet of the chef's derogation form the server refused, said in the form's own line with what
 * was typed (QA: the line stayed empty and the toast said "The server refused this."): `{n}` the
 * typed bet, `{k}` the kind chosen. `position`: INVALID_POSITION, KIND_MISMATCH; `anyPosition`: the
 * same for a written bet spec (no kind chosen); `number`: INVALID_NUMBER, NOT_ON_WHEEL; `chance`:
 * UNKNOWN_CHANCE; `announce`: UNKNOWN_ANNOUNCE; `group`: INVALID_DOZEN, INVALID_COLUMN.
 */
export interface DerogationRefusalWords {
  readonly position: string;
  readonly anyPosition: string;
  readonly number: string;
  readonly chance: string;
  readonly announce: string;
  readonly group: string;
}

/** {@link DerogationRefusalWords} in the five languages (web/src/console/derogation.ts). */
export const DEROGATION_REFUSALS: Record<Language, DerogationRefusalWords> = {
  en: {
    position: '{n} is not a {k} on this layout.',
    anyPosition: '{n} is not a position of this layout.',
    number: '{n}: a number that is not on this table’s wheel.',
    chance: '“{n}” is not an even chance: rouge, noir, pair, impair, manque or passe.',
    announce: '“{n}” is not an announced bet: voisins-du-zero, tiers, orphelins, jeu-zero…',
    group: '{n} is not a {k}: 1, 2 or 3 (à cheval two next to each other: 1-2 or 2-3).',
  },
  fr: {
    position: '{n} ne forme pas de position « {k} » sur ce tapis.',
    anyPosition: '{n} ne forme pas de position sur ce tapis.',
    number: '{n} : ce numéro n’est pas sur le cylindre de cette table.',
    chance: '« {n} » n’est pas une chance simple : rouge, noir, pair, impair, manque ou passe.',
    announce: '« {n} » n’est pas une annonce : voisins-du-zero, tiers, orphelins, jeu-zero…',
    group: '{n} ne forme pas de position « {k} » : 1, 2 ou 3 (à cheval deux voisines : 1-2 ou 2-3).',
  },
  cs: {
    position: '{n} není pozice „{k}“ na tomto stole.',
    anyPosition: '{n} není pozice na tomto stole.',
    number: '{n}: toto číslo není na ruletovém kole tohoto stolu.',
    chance: '„{n}“ není jednoduchá šance: rouge, noir, pair, impair, manque nebo passe.',
    announce: '„{n}“ není ohlášená sázka: voisins-du-zero, tiers, orphelins, jeu-zero…',
    group: '{n} není pozice „{k}“: 1, 2 nebo 3 (á cheval dvě sousední: 1-2 nebo 2-3).',
  },
  de: {
    position: '{n} ist keine Position „{k}“ auf diesem Tableau.',
    anyPosition: '{n} ist keine Position auf diesem Tableau.',
    number: '{n}: diese Zahl gibt es auf dem Kessel dieses Tisches nicht.',
    chance: '„{n}“ ist keine einfache Chance: rouge, noir, pair, impair, manque oder passe.',
    announce: '„{n}“ ist keine Annonce: voisins-du-zero, tiers, orphelins, jeu-zero…',
    group: '{n} ist keine Position „{k}“: 1, 2 oder 3 (à cheval zwei benachbarte: 1-2 oder 2-3).',
  },
  it: {
    position: '{n} non è una posizione «{k}» su questo tappeto.',
    anyPosition: '{n} non è una posizione di questo tappeto.',
    number: '{n}: questo numero non è sulla ruota di questo tavolo.',
    chance: '«{n}» non è una chance semplice: rouge, noir, pair, impair, manque o passe.',
    announce: '«{n}» non è un annuncio: voisins-du-zero, tiers, orphelins, jeu-zero…',
    group: '{n} non è una posizione «{k}»: 1, 2 o 3 (à cheval due vicine: 1-2 o 2-3).',
  },
};
