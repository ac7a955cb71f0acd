/**
 * Skip links (issue 16): the first tab stops of the page, hidden until focused, that move the
 * focus straight to the layout, the racetrack, the chips or Undo / Clear / Rebet / Double.
 */
import { h } from '../dom.ts';
import type { PlayerCtx } from './context.ts';
import { showTrack } from './view-switch.ts';
import { pw } from './words.ts';

/** Where each skip link goes: the first focusable control there (CSS selectors, in order of preference). */
const TARGETS: ReadonlyArray<{
  id: string;
  word: 'skipLayout' | 'skipRacetrack' | 'skipChips' | 'skipActions';
  sel: string;
}> = [
  { id: 'skip-layout', word: 'skipLayout', sel: '#layout .spot-plein[data-key="1"], #layout .spot' },
  { id: 'skip-racetrack', word: 'skipRacetrack', sel: '.racetrack .rt-target[tabindex="0"], .racetrack .rt-target' },
  { id: 'skip-chips', word: 'skipChips', sel: '#rack [aria-checked="true"]' },
  { id: 'skip-actions', word: 'skipActions', sel: '.actions button:not(:disabled), .actions button' },
];

/** The skip links' nav (the racetrack's only on tables with a racetrack). */
export function skipLinks(app: PlayerCtx): HTMLElement {
  const hasTrack = Boolean(app.view?.table.rules.announcedBets);
  const links = TARGETS.filter((x) => hasTrack || x.word !== 'skipRacetrack').map((x) => {
    const a = h(
      'a',
      { class: 'skip-link', href: `#${x.id.slice(5)}`, id: x.id },
      `${pw(app.lang, 'skipTo')} ${pw(app.lang, x.word)}`,
    );
    a.addEventListener('click', (e) => {
      e.preventDefault();
      // held sideways the layout and the racetrack take turns (view-switch.ts): show the one asked for
      const hidden = (sel: string) => document.querySelector(sel)?.getClientRects().length === 0;
      if (x.word === 'skipRacetrack' && hidden('.racetrack')) showTrack(app, true);
      if (x.word === 'skipLayout' && hidden('#layout')) showTrack(app, false);
      for (const sel of x.sel.split(', ')) {
        const el = document.querySelector<HTMLElement>(sel);
        if (!el) continue;
        el.focus();
        el.scrollIntoView({ block: 'nearest' });
        return;
      }
    });
    return a;
  });
  return h('nav', { class: 'skip-links', 'aria-label': pw(app.lang, 'skipTo') }, ...links);
}
