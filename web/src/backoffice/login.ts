/**
 * The back office's login: a staff account's name and password (POST /api/login), and in demo
 * mode the demo pit boss and admin as one-click logins (GET /api/health `demo.staff`).
 */
import type { Api } from '../api.ts';
import { h, languageSelect } from '../dom.ts';
import { ACCOUNT_WORDS, type Language } from '../i18n.ts';
import { demoLogins, passwordInput } from '../login.ts';
import { bw } from './common.ts';

/** Shows the login form in `root`; `on.login` gets the typed name and password, `on.language` a new language. */
export function showLogin(
  root: HTMLElement,
  api: Api,
  lang: Language,
  message: string,
  on: { login(name: string, password: string): void; language(lang: Language): void },
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
  const demo = h('div', { class: 'demo', id: 'demo-staff' });
  root.replaceChildren(
    h(
      'header',
      { class: 'topbar' },
      h('div', { class: 'brand' }, 'CROUPIER', h('small', {}, bw(lang, 'backOffice'))),
      languageSelect(lang, on.language),
    ),
    h(
      'main',
      { class: 'login panel' },
      h('h1', {}, bw(lang, 'loginTitle')),
      h(
        'form',
        {
          onsubmit: (e: Event) => {
            e.preventDefault();
            on.login(name.value.trim(), password.value);
          },
        },
        name,
        password,
        h('button', { class: 'btn primary', type: 'submit', id: 'staff-login' }, words.logIn),
      ),
      h('p', { class: 'err', role: 'alert', id: 'login-error' }, message),
      demo,
    ),
  );
  name.focus();
  void api.health().then(
    (hl) => {
      const staff = (hl.demo?.staff ?? []).filter((s) => s.role === 'pitboss' || s.role === 'admin');
      demo.replaceChildren(...demoLogins(lang, words.demoStaff, staff, on.login));
    },
    () => undefined,
  );
}
