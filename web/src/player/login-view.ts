/**
 * The player's login screen: a name ("Sit down": a known player), the server's demo players
 * one click away, "Join" as a new player when registration is open, refusals in words, and
 * the lobby of the server's tables (lobby.ts).
 */
import { NAME_MAX } from '../../../src/protocol/names.ts';
import { ApiFailure, type Api } from '../api.ts';
import { h, languageSelect } from '../dom.ts';
import { loginErrorText } from '../errors.ts';
import { DEMO_HINT, DEMO_LABEL, JOIN, NEW_PLAYER, t, WELCOME, type Language } from '../i18n.ts';
import { nameProblem } from '../login.ts';
import { formatMoney } from '../money.ts';
import type { PlayerCtx } from './context.ts';
import { fillLobby } from './lobby.ts';

type Submit = (name: string, register?: boolean) => Promise<void>;

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
  // "Sit down": an existing player only; "Join" (open registration): a new player only
  const submit: Submit = async (name, register = false) => {
    err.textContent = '';
    const problem = nameProblem(name);
    if (problem) {
      err.textContent = t(app.lang, problem, { n: NAME_MAX });
      return;
    }
    try {
      await app.sitDown(await app.api.login(name, register ? 'new' : 'existing'));
    } catch (e) {
      const unknown = e instanceof ApiFailure && e.error.code === 'UNKNOWN_PLAYER';
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
        void submit(input.value.trim());
      },
    },
    input,
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
  void fillLoginOffers(app.api, app.lang, demo, join, submit);
}

/** The server's demo players (one-click login) and, with open registration, "play as a new player". */
async function fillLoginOffers(
  api: Api,
  lang: Language,
  demo: HTMLElement,
  join: HTMLElement,
  submit: Submit,
): Promise<void> {
  let health: Awaited<ReturnType<Api['health']>>;
  try {
    health = await api.health();
  } catch {
    return; // nothing to offer: the name form still works
  }
  const names = health.demoPlayers ?? [];
  if (names.length > 0) {
    demo.replaceChildren(
      h('p', { class: 'empty' }, DEMO_LABEL[lang]),
      h(
        'div',
        { class: 'quick' },
        ...names.map((n) => h('button', { class: 'btn', type: 'button', onclick: () => void submit(n) }, n)),
      ),
    );
  }
  if (health.registration) {
    const input = h('input', {
      id: 'register-name',
      name: 'new-name',
      autocomplete: 'off',
      maxlength: NAME_MAX,
      placeholder: t(lang, 'name'),
      'aria-label': NEW_PLAYER[lang],
    });
    const welcome = health.welcomeBalance
      ? ` (${WELCOME[lang].replace('{a}', formatMoney(health.welcomeBalance, { code: 'EUR', decimals: 2 }, lang))})`
      : '';
    join.replaceChildren(
      h('p', { class: 'empty' }, `${NEW_PLAYER[lang]}${welcome}:`),
      h(
        'form',
        {
          onsubmit: (e: Event) => {
            e.preventDefault();
            void submit(input.value.trim(), true);
          },
        },
        input,
        h('button', { class: 'btn', type: 'submit', id: 'register-join' }, JOIN[lang]),
      ),
    );
  }
}
