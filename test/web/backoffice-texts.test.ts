/**
 * The back office's lines of the new-user QA (issue 15): an empty day says so (a future date,
 * a day without coups or cash), the figures say which gaming day and time zone they cover, a
 * table's rule set and wheel mode are words in the five languages, not codes.
 */
import { describe, expect, it } from 'vitest';
import { dayBounds } from '../../src/app/backoffice.ts';
import { rulesModeText } from '../../web/src/backoffice/common.ts';
import { dayRuleLine, emptyDayText, isFutureDay, tableDayLine } from '../../web/src/backoffice/dates.ts';

const LANGS = ['en', 'fr', 'de', 'it', 'cs'] as const;
const NOW = Date.UTC(2026, 11, 2, 12, 0, 0);

describe('back-office lines', () => {
  it('regression (new-user QA): a future date in the reports showed nothing; it says the day has not come', () => {
    expect(isFutureDay('2026-12-04', NOW)).toBe(true);
    // today somewhere (at noon UTC, UTC+14 is already on the 3rd) is not in the future
    expect(isFutureDay('2026-12-03', NOW)).toBe(false);
    expect(emptyDayText('en', '2026-12-24', 'noCoupsDay', NOW)).toBe(
      '2026-12-24 has not come yet: nothing is recorded for it.',
    );
    expect(emptyDayText('en', '2026-11-24', 'noCoupsDay', NOW)).toBe('No coup recorded on 2026-11-24.');
    expect(emptyDayText('fr', '2026-11-24', 'noCashDay', NOW)).toBe('Aucun dépôt ni retrait le 2026-11-24.');
    const future = new Set(LANGS.map((l) => emptyDayText(l, '2026-12-24', 'noCoupsDay', NOW)));
    expect(future.size).toBe(5);
    for (const text of future) expect(text).toContain('2026-12-24');
  });

  it("regression (new-user QA): the figures did not say which gaming day and time zone they use; they say each table's", () => {
    expect(dayRuleLine('en', '2026-03-29')).toContain('from midnight to midnight in the table');
    // the night the clocks go forward in Paris: a day of 23 hours, said in Paris time
    const day = { name: 'Salon', timeZone: 'Europe/Paris', ...dayBounds('2026-03-29', 'Europe/Paris') };
    expect(day.to - day.from).toBe(23 * 3_600_000);
    const en = tableDayLine('en', day);
    expect(en).toMatch(/^Gaming day of Salon: 3\/29\/26, 12:00\sAM to 3\/30\/26, 12:00\sAM, Europe\/Paris time\.$/);
    expect(tableDayLine('fr', day)).toBe(
      'Journée de jeu de Salon : du 29/03/2026 00:00 au 30/03/2026 00:00, heure de Europe/Paris.',
    );
    for (const lang of LANGS) expect(tableDayLine(lang, day)).toContain('Europe/Paris');
  });

  it('regression (new-user QA): the tables screen showed "french · rng"; the rule set and mode are worded', () => {
    expect(rulesModeText('en', 'french', 'rng')).toBe('French roulette · random number generator');
    expect(rulesModeText('fr', 'french', 'manual')).toBe('Roulette française · cylindre physique, numéro saisi');
    for (const lang of LANGS)
      for (const mode of ['rng', 'manual', 'wheel'])
        expect(rulesModeText(lang, 'european', mode)).not.toMatch(/\b(rng|european)\b/);
  });
});
