/**
 * The players' notice while the table's storage fails (its view's `storage`, kept live by the
 * `storage` events: storageNotice in state/table.ts): bets are not taken for a technical reason,
 * in the player's language, without an error code; above the staff notice under the phase banner,
 * gone when the storage recovers.
 */
import { STORAGE_WORDS, type Language } from './i18n.ts';

/** Shows (or hides) the storage notice under the phase banner; the element is made on first use. */
export function showStorageNotice(lang: Language, on: boolean): void {
  let el = document.getElementById('storage-notice');
  if (!el) {
    const banner = document.getElementById('phase-banner');
    if (!banner || !on) return;
    el = document.createElement('div');
    el.id = 'storage-notice';
    el.className = 'storage-notice';
    el.setAttribute('role', 'alert');
    banner.after(el);
  }
  el.hidden = !on;
  el.textContent = on ? STORAGE_WORDS[lang].player : '';
}
