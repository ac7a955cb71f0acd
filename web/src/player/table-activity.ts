/**
 * A large table on the player's page (issue 17; docs/WEB.md "A large table"). Above 50 players
 * the server sends the player the table's totals per position (`summary`) and only their own
 * bets; the page shows:
 *
 * - on each spot of the layout where other players staked, a badge with their total ("12.3k",
 *   abbreviated: web/src/table-summary.ts) shaded by its heat among the spots (`heat-1` …
 *   `heat-4`), apart from my chips (which keep their value's colour and gold ring). It is the
 *   OTHER players' total: the summary minus my bets (the store's `others`), so my money is
 *   never drawn twice. On the narrow targets (chevaux, carrés, lines) the badge is a pip that
 *   shows the amount when the spot is pointed at or focused; every spot's label and tooltip say
 *   it in words ("other players 1,234.00 € (45 bets)");
 * - in the status panel, the table's activity: players, bets and the total staked, everyone's
 *   (mine included), updated with each `bets-summary`, with a legend of the badges.
 *
 * On a small table the summary is absent and nothing here shows: the other players' chips are
 * drawn as stacks (felt.ts).
 */
import { h } from '../dom.ts';
import { DICTS, plural, t } from '../i18n.ts';
import { compactAmount, compactMoney, heatLevel } from '../table-summary.ts';
import type { PlayerCtx } from './context.ts';

/** The activity line of a large table (hidden on a small one), filled by {@link renderTableActivity}. */
export function activityLine(): HTMLElement {
  return h('p', { class: 'table-activity', id: 'table-activity', hidden: true });
}

/** The other players' total on a position in words, for its label and tooltip (null: none, or a small table). */
export function othersDescription(app: PlayerCtx, key: string): string | null {
  const o = app.st.others?.get(key);
  if (!o) return null;
  return t(app.lang, 'othersStake', { s: app.money(o.stake), b: plural(app.lang, 'betsCount', o.bets) });
}

/** Draws the activity line and the layout's badges of a large table, or clears them. */
export function renderTableActivity(app: PlayerCtx): void {
  const line = document.getElementById('table-activity');
  const summary = app.view?.summary;
  drawBadges(app);
  if (!line) return;
  if (!summary) {
    line.hidden = true;
    line.replaceChildren();
    return;
  }
  const L = app.lang;
  const words = (s: string) =>
    t(L, 'tableActivity', {
      p: plural(L, 'playersCount', summary.players),
      b: plural(L, 'betsCount', summary.bets),
      s,
    });
  line.hidden = false;
  line.dataset.players = String(summary.players);
  line.dataset.bets = String(summary.bets);
  line.dataset.staked = String(summary.staked);
  line.title = words(app.money(summary.staked));
  line.replaceChildren(
    h('span', { class: 'activity-text' }, words(compactMoney(summary.staked, app.currency, L))),
    h(
      'span',
      { class: 'activity-legend' },
      h('span', { class: 'table-total heat-3 sample', 'aria-hidden': 'true' }),
      DICTS[L].othersLegend,
    ),
  );
}

/** The badges on the layout: one per spot with other players' stakes, shaded by its heat. */
function drawBadges(app: PlayerCtx): void {
  const layout = app.layout;
  if (!layout) return;
  const others = app.st.others ?? null;
  let largest = 0;
  for (const o of others?.values() ?? []) largest = Math.max(largest, o.stake);
  for (const b of Array.from(layout.root.querySelectorAll<HTMLElement>('.spot'))) {
    const o = others?.get(b.dataset.key ?? '');
    let mark = b.querySelector<HTMLElement>(':scope > .table-total');
    if (!o) {
      mark?.remove();
      delete b.dataset.tableStake;
      delete b.dataset.tableBets;
      continue;
    }
    if (!mark) {
      // the spot's aria label says the amount in words (othersDescription): the badge is decoration
      mark = h('span', { 'aria-hidden': 'true' });
      b.append(mark);
    }
    const cls = `table-total heat-${heatLevel(o.stake, largest)}`;
    const label = compactAmount(o.stake, app.currency, app.lang);
    if (mark.className !== cls) mark.className = cls;
    if (mark.textContent !== label) mark.textContent = label;
    b.dataset.tableStake = String(o.stake);
    b.dataset.tableBets = String(o.bets);
  }
}
