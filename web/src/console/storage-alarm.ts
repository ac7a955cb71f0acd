/**
 * The console's storage alarm (docs/WHEELS.md "When a wheel event cannot be stored"): while the
 * table's storage fails (its view's `storage`, kept live by the `storage` events: storageAlarm in
 * state/console.ts) a red banner at the top of the status panel says the table cannot record,
 * since when, whether a wheel's call is held (recorded once the storage works again; every other
 * command refused meanwhile) and what to do. Hidden when the storage is fine (it clears on recovery).
 */
import { h } from '../dom.ts';
import { STORAGE_WORDS, type Language } from '../i18n.ts';
import { storageAlarm, type ConsoleState } from '../state/console.ts';

/** The time of day of `at` (epoch ms) in the table's time zone (the browser's when it is not valid). */
function timeOf(lang: Language, at: number, timeZone: string | undefined): string {
  try {
    return new Intl.DateTimeFormat(lang, { timeStyle: 'medium', timeZone }).format(at);
  } catch {
    return new Intl.DateTimeFormat(lang, { timeStyle: 'medium' }).format(at);
  }
}

/** The alarm's element (hidden) and its update with each console state. */
export function storageAlarmBanner(lang: Language): { element: HTMLElement; update(s: ConsoleState): void } {
  const w = STORAGE_WORDS[lang];
  const since = h('span', { class: 'storage-since' });
  const held = h('p', { class: 'storage-held' });
  const element = h(
    'div',
    { class: 'storage-alarm', id: 'storage-alarm', role: 'alert', hidden: true },
    h('p', { class: 'storage-title' }, h('strong', {}, w.alarm), ' ', since),
    held,
    h('p', { class: 'storage-action' }, w.action),
  );
  const update = (s: ConsoleState) => {
    const alarm = storageAlarm(s);
    element.hidden = alarm === null;
    if (!alarm) return;
    since.textContent = w.since.replace('{t}', timeOf(lang, alarm.since, s.view?.table.timeZone));
    held.textContent = alarm.holding ? w.held : w.failing;
    element.dataset.holding = String(alarm.holding);
  };
  return { element, update };
}
