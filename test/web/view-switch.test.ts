/**
 * The switch between the layout and the racetrack held sideways (player/view-switch.ts): the
 * racetrack's button carries its short name in every language, without the brackets.
 */
import { describe, expect, it } from 'vitest';
import { DICTS, LANGUAGES } from '../../web/src/i18n.ts';
import { trackShortName } from '../../web/src/player/view-switch.ts';

describe('the sideways view switch', () => {
  it('names the racetrack short in every language', () => {
    const names = Object.fromEntries(LANGUAGES.map((l) => [l, trackShortName(DICTS[l].racetrack)]));
    expect(names).toEqual({ en: 'Racetrack', fr: 'Cylindre', cs: 'Závodní dráha', de: 'Racetrack', it: 'Cilindro' });
  });
});
