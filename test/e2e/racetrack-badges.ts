/**
 * The racetrack's badge check shared by the phone e2e tests (racetrack-phone, racetrack-sideways):
 * measured in the page, so the code inside `page.evaluate` uses nothing from outside it.
 */
import type { Page } from 'playwright-core';

/**
 * The racetrack's badges that overlap or come within a pixel of another, are cut (outside the
 * track or the screen), lie over a number, under the "± 0-9" button, or whose text overflows its pill.
 */
export async function badgeProblems(p: Page): Promise<string[]> {
  return p.evaluate(() => {
    const out: string[] = [];
    const svg = document.querySelector('.racetrack')!.getBoundingClientRect();
    const button = document.querySelector('.rt-tools > summary')?.getBoundingClientRect();
    const shown = button && button.width > 0 ? button : null;
    const numbers = Array.from(document.querySelectorAll<SVGTextElement>('.racetrack .rt-pocket text'));
    const badges = Array.from(document.querySelectorAll<SVGGElement>('.racetrack .rt-total')).map((g) => ({
      who: g.dataset.pocket,
      r: g.querySelector('rect')!.getBoundingClientRect(),
      t: g.querySelector('text')!.getBoundingClientRect(),
    }));
    const meet = (a: DOMRect, b: DOMRect, gap: number) =>
      a.left < b.right + gap && b.left < a.right + gap && a.top < b.bottom + gap && b.top < a.bottom + gap;
    for (const [i, a] of badges.entries()) {
      const { r, t } = a;
      if (r.left < svg.left - 0.5 || r.right > svg.right + 0.5 || r.top < svg.top - 0.5 || r.bottom > svg.bottom + 0.5)
        out.push(`${a.who} outside the track`);
      if (r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight)
        out.push(`${a.who} off the screen`);
      if (t.left < r.left - 0.5 || t.right > r.right + 0.5) out.push(`${a.who}'s text wider than its pill`);
      for (const b of badges.slice(i + 1)) if (meet(r, b.r, 1)) out.push(`${a.who} / ${b.who} within 1 px`);
      for (const n of numbers) if (meet(r, n.getBoundingClientRect(), -0.5)) out.push(`${a.who} over ${n.textContent}`);
      if (shown && meet(r, shown, 0)) out.push(`${a.who} under the ± 0-9 button`);
    }
    return out;
  });
}
