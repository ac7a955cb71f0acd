/**
 * The login screen's checks of a player name before it is sent (the server's rule,
 * src/protocol/names.ts: NFC, trimmed, 1-NAME_MAX characters), so the player reads a sentence in
 * their language rather than the server's validation text.
 */
import { NAME_MAX } from '../../src/protocol/names.ts';
import { h } from './dom.ts';
import { ACCOUNT_WORDS, type Language } from './i18n.ts';

/** What is wrong with a typed name, as a UI text key, or null. */
export function nameProblem(raw: string): 'nameBlank' | 'nameTooLong' | null {
  const name = raw.normalize('NFC').trim();
  if (name === '') return 'nameBlank';
  if ([...name].length > NAME_MAX) return 'nameTooLong';
  return null;
}

/** A password field of a login form (`id`: its element id). */
export function passwordInput(lang: Language, id: string, autocomplete = 'current-password'): HTMLInputElement {
  return h('input', {
    id,
    name: 'password',
    type: 'password',
    autocomplete,
    maxlength: 256,
    placeholder: ACCOUNT_WORDS[lang].password,
    'aria-label': ACCOUNT_WORDS[lang].password,
  }) as HTMLInputElement;
}

/**
 * The demo accounts of GET /api/health as one-click logins (`label` above them, a line saying
 * their passwords are public below); nothing without demo accounts.
 */
export function demoLogins(
  lang: Language,
  label: string,
  accounts: ReadonlyArray<{ name: string; password: string; role?: string }>,
  login: (name: string, password: string) => void,
): HTMLElement[] {
  if (accounts.length === 0) return [];
  return [
    h('p', { class: 'empty' }, label),
    h(
      'div',
      { class: 'quick' },
      ...accounts.map((a) =>
        h(
          'button',
          { class: 'btn', type: 'button', onclick: () => login(a.name, a.password) },
          a.role ? `${a.name} (${a.role})` : a.name,
        ),
      ),
    ),
    h('p', { class: 'empty demo-note' }, ACCOUNT_WORDS[lang].demoNote),
  ];
}

/** The sentence telling a staff account that the player's table is not theirs. */
export const playersOnly = (lang: Language): string => ACCOUNT_WORDS[lang].playersOnly;
