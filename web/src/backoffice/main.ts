/**
 * The back office (served at `/backoffice`; issue 15, docs/WEB.md "Back office"): the pit boss's
 * and the admin's screens — tables, accounts and cashier, game recall, figures, the audit trail,
 * wheel integrity — one screen at a time under a tab bar, routed by the URL's hash
 * (`#tables`, `#recall/paris/12`...). A staff login like the console's; a player's, croupier's or
 * chef's account is refused in words (the server refuses their every back-office route: 403).
 * The session token is kept in this browser's localStorage, never in the URL.
 */
import { Api, ApiFailure } from '../api.ts';
import { h, languageSelect } from '../dom.ts';
import { loginErrorText } from '../errors.ts';
import { initialLanguage, type Language } from '../i18n.ts';
import { accountsScreen } from './accounts.ts';
import { auditScreen } from './audit.ts';
import { bw, failureText, type Screen, type ScreenCtx } from './common.ts';
import { figuresScreen } from './figures.ts';
import { integrityScreen } from './integrity.ts';
import { showLogin } from './login.ts';
import { recallScreen } from './recall.ts';
import { tablesScreen } from './tables.ts';
import type { BoKey } from './words/en.ts';

const TOKEN = 'croupier.backofficeToken';
/** The roles the back office opens for. */
const ROLES = new Set(['pitboss', 'admin']);

/** The screens in the order of the tab bar: route, tab word, screen. */
const SCREENS: ReadonlyArray<[string, BoKey, Screen]> = [
  ['tables', 'tabTables', tablesScreen],
  ['accounts', 'tabAccounts', accountsScreen],
  ['recall', 'tabRecall', recallScreen],
  ['figures', 'tabFigures', figuresScreen],
  ['audit', 'tabAudit', auditScreen],
  ['integrity', 'tabIntegrity', integrityScreen],
];

class BackOffice {
  private lang: Language;
  private readonly api: Api;
  private role = '';
  private name = '';

  constructor(private readonly root: HTMLElement) {
    const q = new URLSearchParams(location.search).get('lang');
    this.lang = initialLanguage(
      q ?? localStorage.getItem('croupier.lang'),
      navigator.languages ?? [navigator.language],
    );
    this.api = new Api(localStorage.getItem(TOKEN));
    window.addEventListener('hashchange', () => this.role && this.render());
  }

  async start(message = ''): Promise<void> {
    document.documentElement.lang = this.lang;
    if (!this.api.token) return this.login(message);
    try {
      const me = await this.api.me();
      if (!ROLES.has(me.role)) return this.refuse('notBackOffice');
      this.role = me.role;
      this.name = me.name ?? me.role;
    } catch (e) {
      if (e instanceof ApiFailure && (e.status === 401 || e.status === 403)) return this.refuse('badToken');
      throw e;
    }
    this.render();
  }

  /** Forgets a token that cannot open the back office and asks for another, saying why. */
  private refuse(why: BoKey): void {
    localStorage.removeItem(TOKEN);
    this.api.token = null;
    this.role = '';
    this.login(bw(this.lang, why));
  }

  private login(message: string): void {
    showLogin(this.root, this.api, this.lang, message, {
      login: (name, password) => void this.signIn(name, password),
      language: (lang) => {
        this.lang = lang;
        this.login(message);
      },
    });
  }

  private async signIn(name: string, password: string): Promise<void> {
    this.api.token = null;
    try {
      const r = await this.api.login(name, password);
      this.api.token = r.token;
      if (!ROLES.has(r.role)) {
        await this.api.logout().catch(() => undefined);
        return this.refuse('notBackOffice');
      }
      localStorage.setItem(TOKEN, r.token);
      await this.start();
    } catch (e) {
      this.api.token = null;
      this.login(e instanceof ApiFailure ? loginErrorText(this.lang, e.error) : String(e));
    }
  }

  /** Draws the tab bar and the screen of the hash. */
  private render(): void {
    const [route, ...args] = location.hash.replace(/^#/, '').split('/').map(decodeURIComponent);
    const current = SCREENS.find(([r]) => r === route) ?? SCREENS[0];
    const toast = h('div', { id: 'toast', class: 'toast', role: 'status', hidden: true });
    const body = h('main', { class: 'bo-main', id: 'bo-screen', 'data-screen': current[0] });
    const ctx: ScreenCtx = {
      lang: this.lang,
      api: this.api,
      role: this.role,
      toast: (e) => {
        toast.textContent = typeof e === 'string' ? e : failureText(this.lang, e);
        toast.hidden = false;
        setTimeout(() => (toast.hidden = true), 5000);
      },
      go: (r) => (location.hash = r),
    };
    this.root.replaceChildren(
      h(
        'header',
        { class: 'topbar' },
        h('div', { class: 'brand' }, 'CROUPIER', h('small', {}, bw(this.lang, 'backOffice'))),
        h(
          'nav',
          { class: 'bo-tabs', 'aria-label': bw(this.lang, 'backOffice') },
          ...SCREENS.map(([r, word]) =>
            h(
              'a',
              { href: `#${r}`, id: `tab-${r}`, 'aria-current': r === current[0] ? 'page' : undefined },
              bw(this.lang, word),
            ),
          ),
        ),
        h('span', { class: 'who', id: 'bo-who' }, `${this.name} (${this.role})`),
        languageSelect(this.lang, (lang) => {
          this.lang = lang;
          this.render();
        }),
        h(
          'button',
          {
            class: 'btn',
            id: 'bo-logout',
            onclick: () => {
              void this.api.logout().catch(() => undefined);
              localStorage.removeItem(TOKEN);
              location.hash = '';
              location.reload();
            },
          },
          bw(this.lang, 'logOut'),
        ),
      ),
      body,
      toast,
    );
    void Promise.resolve(current[2](body, ctx, args)).catch((e: unknown) => ctx.toast(e));
  }
}

void new BackOffice(document.getElementById('app')!).start();
