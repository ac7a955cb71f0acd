/**
 * The console's login screen: a staff account's name and password (POST /api/login), and in
 * demo mode the demo staff accounts as one-click logins (GET /api/health `demo.staff`). The
 * session token is kept in this browser's localStorage ("croupier.staffToken"), never in the
 * URL; `message` says why a login or a stored session was refused.
 */
import { h, languageSelect } from '../dom.ts';
import { ACCOUNT_WORDS, t, type Language } from '../i18n.ts';
import { demoLogins, passwordInput } from '../login.ts';

/** A demo staff account offered by the server. */
export interface DemoStaff {
  name: string;
  role: string;
  password: string;
}

/**
 * Shows the login form in `root`. `onLogin` gets the typed name and password; `onLanguage` the
 * language chosen on this screen (the caller shows it again in that language).
 */
export function showStaffLogin(
  root: HTMLElement,
  lang: Language,
  message: string,
  demo: readonly DemoStaff[],
  onLogin: (name: string, password: string) => void,
  onLanguage: (lang: Language) => void,
): void {
  const words = ACCOUNT_WORDS[lang];
  const name = h('input', {
    id: 'staff-name',
    name: 'name',
    autocomplete: 'username',
    placeholder: words.staffName,
    'aria-label': words.staffName,
  }) as HTMLInputElement;
  const password = passwordInput(lang, 'staff-password');
  root.replaceChildren(
    h(
      'header',
      { class: 'topbar' },
      h('div', { class: 'brand' }, 'CROUPIER', h('small', {}, t(lang, 'croupierConsole'))),
      languageSelect(lang, onLanguage),
    ),
    h(
      'main',
      { class: 'login panel' },
      h('h1', {}, t(lang, 'croupierConsole')),
      h(
        'form',
        {
          onsubmit: (e: Event) => {
            e.preventDefault();
            onLogin(name.value.trim(), password.value);
          },
        },
        name,
        password,
        h('button', { class: 'btn primary', type: 'submit', id: 'staff-login' }, words.logIn),
      ),
      h('p', { class: 'err', role: 'alert', id: 'login-error' }, message),
      h('div', { class: 'demo', id: 'demo-staff' }, ...demoLogins(lang, words.demoStaff, demo, onLogin)),
    ),
  );
  name.focus();
}
