/**
 * The console's correction list (issue 12, docs/OPERATIONS.md "Correction after settlement"):
 * after the chef or pit boss corrected a settled number, what the croupiers take back from whom
 * (winnings and stakes handed over on the wrong number that are not due) and what they pay in
 * addition, per player and stake, with the prisoners before and after and the totals. Shown
 * above the lists of the corrected coup (`list.recovery`), in the five languages.
 */
import type { ChipColourJson, RecoveryJson, StakeFateJson } from '../../../src/protocol/lists.ts';
import { h } from '../dom.ts';
import { stackSuffix } from '../slip.ts';
import type { Language } from '../i18n.ts';
import type { ConsoleState } from '../state/console.ts';
import { money, playerName, posName, type ConsoleEnv } from './panel.ts';

interface RecoveryWords {
  readonly title: string;
  readonly takeBack: string;
  readonly pay: string;
  readonly before: string;
  readonly after: string;
  readonly prison: string;
  readonly fates: Readonly<Record<StakeFateJson['fate'], string>>;
}

const WORDS: Readonly<Record<Language, RecoveryWords>> = {
  en: {
    title: 'Correction {from} → {to}: take back / pay',
    takeBack: 'Take back',
    pay: 'Pay',
    before: 'On {n}',
    after: 'On {n}',
    prison: 'En prison: {a} → {b}',
    fates: { won: 'won', returned: 'returned', lost: 'lost', prison: 'en prison', stays: 'stays' },
  },
  fr: {
    title: 'Correction {from} → {to} : à reprendre / à payer',
    takeBack: 'À reprendre',
    pay: 'À payer',
    before: 'Sur {n}',
    after: 'Sur {n}',
    prison: 'En prison : {a} → {b}',
    fates: { won: 'gagnant', returned: 'rendu', lost: 'perdant', prison: 'en prison', stays: 'reste' },
  },
  cs: {
    title: 'Oprava {from} → {to}: vzít zpět / doplatit',
    takeBack: 'Vzít zpět',
    pay: 'Doplatit',
    before: 'Na {n}',
    after: 'Na {n}',
    prison: 'V prison: {a} → {b}',
    fates: { won: 'výhra', returned: 'vráceno', lost: 'prohra', prison: 'v prison', stays: 'zůstává' },
  },
  de: {
    title: 'Berichtigung {from} → {to}: zurücknehmen / nachzahlen',
    takeBack: 'Zurücknehmen',
    pay: 'Nachzahlen',
    before: 'Auf {n}',
    after: 'Auf {n}',
    prison: 'En prison: {a} → {b}',
    fates: { won: 'gewonnen', returned: 'zurück', lost: 'verloren', prison: 'en prison', stays: 'bleibt' },
  },
  it: {
    title: 'Correzione {from} → {to}: da riprendere / da pagare',
    takeBack: 'Da riprendere',
    pay: 'Da pagare',
    before: 'Sul {n}',
    after: 'Sul {n}',
    prison: 'En prison: {a} → {b}',
    fates: { won: 'vincente', returned: 'reso', lost: 'perdente', prison: 'en prison', stays: 'resta' },
  },
};

/** The correction list of the shown coup, or nothing when its number was not corrected; `chip` draws a player's colour. */
export function recoverySection(
  env: ConsoleEnv,
  s: ConsoleState,
  chip: (lang: Language, c: ChipColourJson) => HTMLElement,
): HTMLElement[] {
  const r: RecoveryJson | undefined = s.payments?.list?.recovery;
  if (!r || r.coup !== s.payments?.coup) return [];
  const w = WORDS[env.lang];
  const m = (minor: number) => money(s, env.lang, minor);
  const fate = (f: StakeFateJson) => `${w.fates[f.fate]}${f.toPlayer ? ` ${m(f.toPlayer)}` : ''}`;
  const rows = r.players.flatMap((p) =>
    p.lines.map((l) =>
      h(
        'tr',
        {
          dataset: {
            player: p.playerId,
            bet: l.betId,
            bets: (l.betIds ?? [l.betId]).join(' '),
            delta: String(l.delta),
          },
        },
        h('td', { class: 'who' }, chip(env.lang, p.colour), ' ', playerName(s, p.playerId)),
        // one line per stack (player, position, change), as the croupier's lists
        h('td', {}, posName(s, env.lang, l.key, l.text) + stackSuffix(l.count ?? 1, l.stakes, m)),
        h('td', { class: 'r' }, m(l.stake)),
        h('td', {}, `${fate(l.before)} → ${fate(l.after)}`),
        h('td', { class: 'r take-back' }, l.delta < 0 ? m(-l.delta) : ''),
        h('td', { class: 'r pay' }, l.delta > 0 ? m(l.delta) : ''),
      ),
    ),
  );
  const th = (text: string, cls = '') => h('th', cls ? { class: cls } : {}, text);
  const t = r.totals;
  const title = w.title.replace('{from}', String(r.from)).replace('{to}', String(r.to));
  return [
    h(
      'div',
      { class: 'list-section recovery', id: 'recovery', dataset: { takeBack: String(t.takeBack), pay: String(t.pay) } },
      h('h3', {}, title),
      h(
        'table',
        { class: 'pay-table', id: 'recovery-table' },
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            th(''),
            th(''),
            th('', 'r'),
            th(`${w.before.replace('{n}', String(r.from))} → ${w.after.replace('{n}', String(r.to))}`),
            th(w.takeBack, 'r'),
            th(w.pay, 'r'),
          ),
        ),
        h('tbody', {}, ...rows),
        h(
          'tfoot',
          {},
          h(
            'tr',
            {},
            th(''),
            th(''),
            th(''),
            th(t.prisonBefore || t.prisonAfter ? fillPrison(w, m(t.prisonBefore), m(t.prisonAfter)) : ''),
            h('th', { class: 'r', id: 'recovery-take-back' }, m(t.takeBack)),
            h('th', { class: 'r', id: 'recovery-pay' }, m(t.pay)),
          ),
        ),
      ),
    ),
  ];
}

const fillPrison = (w: RecoveryWords, a: string, b: string) => w.prison.replace('{a}', a).replace('{b}', b);
