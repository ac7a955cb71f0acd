/**
 * What the player's screen says about the table's phase (a pure function, tested in
 * test/web/phase.test.ts): whether bets are accepted, the phase's name and the banner that
 * explains why betting is closed (paused by the croupier, day not open, rien ne va plus,
 * the result) or that a pause is coming after this coup.
 */
import type { Phase } from './api.ts';
import type { TextKey } from './i18n.ts';

export { showStaffNotice } from './staff-notice.ts';

/** The player's view of a phase. */
export interface PhaseStatus {
  /** Bets are accepted (faites vos jeux, and while the ball runs until rien ne va plus). */
  readonly open: boolean;
  /** Name of the phase (a UI text key). */
  readonly name: TextKey;
  /** The banner's text key, or null when the phase needs no explanation. */
  readonly banner: TextKey | null;
  /** Style of the banner: a pause or a closed table stands out; rien ne va plus and the result are informative. */
  readonly tone: 'paused' | 'closed' | 'info' | 'warning' | null;
}

/** The player's view of a table phase; `pauseRequested`: the croupier will pause after this coup. */
export function phaseStatus(phase: Phase, pauseRequested = false): PhaseStatus {
  switch (phase) {
    case 'betting':
    case 'launched':
      return {
        open: true,
        name: phase === 'betting' ? 'betting' : 'launched',
        banner: pauseRequested ? 'bannerPauseSoon' : null,
        tone: pauseRequested ? 'warning' : null,
      };
    case 'no-more-bets':
      return { open: false, name: 'noMoreBets', banner: 'bannerNoMoreBets', tone: 'info' };
    case 'settled':
      return {
        open: false,
        name: 'settled',
        banner: pauseRequested ? 'bannerPauseSoon' : 'bannerSettled',
        tone: pauseRequested ? 'warning' : 'info',
      };
    case 'paused':
      return { open: false, name: 'paused', banner: 'bannerPaused', tone: 'paused' };
    case 'closed':
      return { open: false, name: 'closed', banner: 'bannerClosed', tone: 'closed' };
    case 'held':
      return { open: false, name: 'held', banner: 'bannerHeld', tone: 'warning' };
  }
}
