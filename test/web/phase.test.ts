/** The phase / pause state on the player's screen (web/src/phase.ts). */
import { describe, expect, it } from 'vitest';
import { DICTS, LANGUAGES, t } from '../../web/src/i18n.ts';
import { phaseStatus } from '../../web/src/phase.ts';

describe('phase status', () => {
  it('regression: a paused table gave no clear feedback (named "Table closed", no banner)', () => {
    const paused = phaseStatus('paused');
    expect(paused.open).toBe(false);
    expect(paused.name).toBe('paused');
    expect(paused.banner).toBe('bannerPaused');
    expect(paused.tone).toBe('paused');
    for (const lang of LANGUAGES) {
      expect(t(lang, 'paused'), lang).not.toBe(t(lang, 'closed'));
      expect(t(lang, 'bannerPaused'), lang).not.toBe('');
      if (lang !== 'en')
        for (const k of [
          'paused',
          'bannerPaused',
          'bannerClosed',
          'bannerNoMoreBets',
          'bannerSettled',
          'bannerPauseSoon',
        ] as const)
          expect(DICTS[lang][k], `${lang}.${k}`).not.toBe(DICTS.en[k]);
    }
  });
  it('accepts bets only in faites vos jeux and while the ball runs; says why otherwise', () => {
    expect(phaseStatus('betting')).toMatchObject({ open: true, banner: null });
    expect(phaseStatus('launched')).toMatchObject({ open: true, banner: null });
    expect(phaseStatus('no-more-bets')).toMatchObject({ open: false, banner: 'bannerNoMoreBets' });
    expect(phaseStatus('settled')).toMatchObject({ open: false, banner: 'bannerSettled' });
    expect(phaseStatus('closed')).toMatchObject({ open: false, banner: 'bannerClosed', tone: 'closed' });
  });
  it('announces a pause requested for after this coup', () => {
    expect(phaseStatus('betting', true)).toMatchObject({ open: true, banner: 'bannerPauseSoon', tone: 'warning' });
    expect(phaseStatus('settled', true)).toMatchObject({ open: false, banner: 'bannerPauseSoon' });
  });
});
