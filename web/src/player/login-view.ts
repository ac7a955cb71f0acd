/**
 * The player's login screen: a name and password ("Sit down": a player's account), the server's demo players
 * one click away, "Join" as a new player when registration is open, refusals in words, and
 * the lobby of the server's tables (lobby.ts).
 */
import { NAME_MAX } from '../../../src/protocol/names.ts';
import { ApiFailure, type Api } from '../api.ts';
import { h, languageSelect } from '../dom.ts';
import { loginErrorText } from '../errors.ts';
import { DEMO_HINT, DEMO_LABEL, JOIN, NEW_PLAYER, t, WELCOME, type Language } from '../i18n.ts';
import { demoLogins, nameProblem, passwordInput, playersOnly } from '../login.ts';
import { formatMoney } from '../money.ts';
import type { PlayerCtx } from './context.ts';
import { fillLobby } from './lobby.ts';

type Submit = (name: string, password: string, register?: boolean) => Promise<void>;

/** Shows the login screen in `root` (`message`: why the player is here again, or ''). */
export function showLogin(app: PlayerCtx, root: HTMLElement, message = ''): void {
  document.title = `Croupier — ${t(app.lang, 'title')}`;
  const err = h('p', { class: 'err', role: 'alert', id: 'login-error' }, message);
  const input = h('input', {
    id: 'login-name',
    name: 'name',
    autocomplete: 'username',
    maxlength: NAME_MAX,
    placeholder: t(app.lang, 'name'),
    'aria-label': t(app.lang, 'name'),
  });
  const password = passwordInput(app.lang, 'login-password');
  // "Sit down": a player's login; "Join" (open registration): a new player only
  const submit: Submit = async (name, pw, register = false) => {
    err.textContent = '';
    const problem = nameProblem(name);
    if (problem) {
      err.textContent = t(app.lang, problem, { n: NAME_MAX });
      return;
    }
    try {
      const r = register ? await app.api.register(name, pw) : await app.api.login(name, pw);
      if (!r.playerId) {
        err.textContent = playersOnly(app.lang);
        return;
      }
      await app.sitDown({ ...r, playerId: r.playerId, balance: r.balance ?? 0 });
    } catch (e) {
      const unknown = e instanceof ApiFailure && e.error.code === 'INVALID_CREDENTIALS';
      const text = e instanceof ApiFailure ? loginErrorText(app.lang, e.error) : String(e);
      const hints = [
        unknown && join.childElementCount > 0 ? t(app.lang, 'useJoin') : '',
        unknown && demo.childElementCount > 0 ? DEMO_HINT[app.lang] : '',
      ].filter(Boolean);
      err.textContent = [text, ...hints].join(' ');
    }
  };
  const lobby = h('section', { class: 'lobby', 'aria-label': t(app.lang, 'tables') });
  // filled from the server (GET /api/health): its demo players, and a new player's form when
  // registration is open
  const demo = h('div', { class: 'demo', id: 'demo-players' });
  const join = h('div', { class: 'register', id: 'new-player' });
  const form = h(
    'form',
    {
      onsubmit: (e: Event) => {
        e.preventDefault();
        void submit(input.value.trim(), password.value);
      },
    },
    input,
    password,
    h('button', { class: 'btn primary', type: 'submit' }, t(app.lang, 'join')),
  );
  root.replaceChildren(
    h(
      'header',
      { class: 'topbar' },
      h('div', { class: 'brand' }, 'CROUPIER'),
      languageSelect(app.lang, (lang) => {
        app.lang = lang;
        app.showLogin();
      }),
    ),
    h(
      'main',
      { class: 'login panel' },
      h('h1', {}, t(app.lang, 'title')),
      h('p', {}, t(app.lang, 'welcome')),
      form,
      join,
      demo,
      err,
      lobby,
    ),
  );
  input.focus();
  void fillLobby(app, lobby);
  void fillLoginOffers(
    app.api,
    app.lang,
    demo,
    join,
    submit,
    () => void submit(input.value.trim(), password.value, true),
  );
}

/**
 * The server's demo players (one-click login) and, with open registration, "play as a new
 * player": one button that registers the name and password typed in the one form (a single
 * "Your name" box on the screen).
 */
async function fillLoginOffers(
  api: Api,
  lang: Language,
  demo: HTMLElement,
  join: HTMLElement,
  submit: Submit,
  register: () => void,
): Promise<void> {
  let health: Awaited<ReturnType<Api['health']>>;
  try {
    health = await api.health();
  } catch {
    return; // nothing to offer: the name form still works
  }
  demo.replaceChildren(
    ...demoLogins(lang, DEMO_LABEL[lang], health.demo?.players ?? [], (n, pw) => void submit(n, pw)),
  );
  if (health.registration) {
    const welcome = health.welcomeBalance
      ? ` (${WELCOME[lang].replace('{a}', formatMoney(health.welcomeBalance, { code: 'EUR', decimals: 2 }, lang))})`
      : '';
    join.replaceChildren(
      h('p', { class: 'empty' }, `${NEW_PLAYER[lang]}${welcome}:`),
      h('button', { class: 'btn', type: 'button', id: 'register-join', onclick: register }, JOIN[lang]),
    );
  }
}
