/**
 * The console's token screen: the croupier (or admin) token, stored in this browser's
 * localStorage ("croupier.staffToken") on Confirm; `message` says why a token was refused.
 */
import { h, languageSelect } from '../dom.ts';
import { t, type Language } from '../i18n.ts';

/**
 * Shows the token form in `root`. `onToken` gets the typed token (already stored);
 * `onLanguage` the language chosen on this screen (the caller shows it again in that language).
 */
export function showTokenLogin(
  root: HTMLElement,
  lang: Language,
  message: string,
  onToken: (token: string) => void,
  onLanguage: (lang: Language) => void,
): void {
  const input = h('input', {
    id: 'token',
    type: 'password',
    autocomplete: 'current-password',
    placeholder: t(lang, 'token'),
    'aria-label': t(lang, 'token'),
  });
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
            localStorage.setItem('croupier.staffToken', input.value.trim());
            onToken(input.value.trim());
          },
        },
        input,
        h('button', { class: 'btn primary', type: 'submit' }, t(lang, 'confirm')),
      ),
      h('p', { class: 'err', role: 'alert', id: 'login-error' }, message),
    ),
  );
  input.focus();
}
