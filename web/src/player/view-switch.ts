/**
 * Held sideways (a phone 500 px tall or less), the layout or the racetrack fills the felt's
 * place, chosen by a switch of two buttons under the wheel and the status (player.css): beside
 * the wheel the track was as narrow as the right column (200-275 px), its numbers 6-7 px and
 * its totals en plein 5.3-6.6 px (QA), unreadable; in the felt's place it is about twice as
 * wide, its totals 10-12 px (test/e2e/racetrack-sideways.test.ts). Elsewhere the switch is
 * hidden and the layout and the racetrack both show.
 */
import { h } from '../dom.ts';
import { DICTS } from '../i18n.ts';
import type { PlayerCtx } from './context.ts';

/** The racetrack's short name: its full name less what the brackets add ("Racetrack", "Cylindre"). */
export function trackShortName(full: string): string {
  return full.replace(/\s*\(.*\)\s*$/, '');
}

/** The switch between the layout and the racetrack held sideways; remembers the choice in `app.trackView`. */
export function viewSwitch(app: PlayerCtx): HTMLElement {
  const d = DICTS[app.lang];
  const button = (id: string, text: string, track: boolean) =>
    h(
      'button',
      {
        type: 'button',
        id,
        class: 'btn-small',
        'aria-pressed': String(app.trackView === track),
        'aria-controls': track ? 'track-panel' : 'layout',
        onclick: () => showTrack(app, track),
      },
      text,
    );
  return h(
    'div',
    { class: 'view-switch', role: 'group', 'aria-label': `${d.layout} / ${trackShortName(d.racetrack)}` },
    button('view-layout', d.layout, false),
    button('view-track', trackShortName(d.racetrack), true),
  );
}

/** Shows the racetrack (`true`) or the layout in the felt's place held sideways; no effect elsewhere. */
export function showTrack(app: PlayerCtx, track: boolean): void {
  app.trackView = track;
  document.querySelector('.stage')?.classList.toggle('track-view', track);
  document.getElementById('view-layout')?.setAttribute('aria-pressed', String(!track));
  document.getElementById('view-track')?.setAttribute('aria-pressed', String(track));
}
