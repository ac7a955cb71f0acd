/**
 * "My history" (game recall): my last coups on all tables, each bet with its stake, what it
 * returned and its outcome, a partage taken in the zero's choice window; the net per coup is the
 * server's: the result of the coup's own stakes whenever decided, those still en prison shown as
 * held, not lost (web/src/history.ts).
 */
import { colourOf, pocketText, type Chance } from '../../../src/engine/index.ts';
import type { PlayerCoupJson } from '../api.ts';
import { h, numBadge } from '../dom.ts';
import { coupFigures, coupNet } from '../history.ts';
import { calls, chanceName, DICTS, t } from '../i18n.ts';
import { toPocket } from '../state/table.ts';
import { cap, type PlayerCtx } from './context.ts';
import { betName } from './slip-view.ts';

/** The history panel (filled by {@link renderHistory}). */
export function historyPanel(app: PlayerCtx): HTMLElement {
  const d = DICTS[app.lang];
  return h(
    'section',
    { class: 'panel', 'aria-label': d.history },
    h('h2', {}, d.history),
    h('ul', { class: 'history', id: 'history' }),
  );
}

/** Fills the history from `app.history`. */
export function renderHistory(app: PlayerCtx): void {
  const box = document.getElementById('history');
  if (!box) return;
  const d = DICTS[app.lang];
  if (app.history.length === 0) {
    box.replaceChildren(h('li', { class: 'empty' }, d.noHistory));
    return;
  }
  box.replaceChildren(...app.history.map((c) => coupItem(app, c)));
}

function coupItem(app: PlayerCtx, c: PlayerCoupJson): HTMLElement {
  const d = DICTS[app.lang];
  const m = (minor: number) => app.money(minor);
  const wheel = app.view?.table.rules.wheel ?? 'single';
  const net = coupNet(c);
  const f = coupFigures(c);
  const p = c.pocket === null ? null : toPocket(c.pocket);
  const bets = c.bets.map((b) => betLine(app, c, b, wheel));
  // la partage chosen in the zero's choice window (after the settlement): the half back
  for (const x of c.partages ?? []) {
    const chance = x.chance ? ` (${chanceName(app.lang, x.chance as Chance)})` : '';
    bets.push(
      h('li', { dataset: { partage: x.prisoner } }, `${cap(calls(app.lang).partage)}${chance}: +${m(x.returned)}`),
    );
  }
  return h(
    'li',
    { dataset: { coup: String(c.number), table: c.tableId } },
    h(
      'details',
      {},
      h(
        'summary',
        { class: 'head' },
        p === null ? h('span', {}, '—') : numBadge(pocketText(p), colourOf(p)),
        h('span', {}, `${d.coup} ${c.number} · ${c.tableId}`),
        h('span', { class: `net${net > 0 ? ' pos' : ''}` }, `${net > 0 ? '+' : ''}${m(net)}`),
        // this coup's stakes still en prison: pending, not a loss (docs/RULES-NOTES.md #27)
        c.inPrison
          ? h(
              'span',
              { class: 'held', dataset: { held: String(c.inPrison) } },
              t(app.lang, 'heldInPrison', { a: m(c.inPrison) }),
            )
          : '',
      ),
      h(
        'div',
        { class: 'figures' },
        [
          `${d.stake} ${m(f.staked)}`,
          `${d.returned} ${m(f.returned)}`,
          ...(f.fromPrison ? [t(app.lang, 'fromPrison', { a: m(f.fromPrison) })] : []),
          `${d.balance} ${m(c.balanceAfter + (c.partage ?? 0))}`,
        ].join(' · '),
      ),
      h('ul', {}, ...bets),
    ),
  );
}

/** One bet of a recalled coup: its stake, what it returned and its outcome; a stake en prison as held. */
function betLine(
  app: PlayerCtx,
  c: PlayerCoupJson,
  b: PlayerCoupJson['bets'][number],
  wheel: 'single' | 'double',
): HTMLElement {
  const d = DICTS[app.lang];
  const m = (minor: number) => app.money(minor);
  const o = c.outcomes[b.id];
  const status = o ? ((d as unknown as Record<string, string>)[`status_${o.status}`] ?? o.status) : '';
  // a prisoner of an earlier coup: its stake was booked there, not staked again in this one
  const prisoner = o !== undefined && (o as { prisonBefore?: number }).prisonBefore !== undefined;
  const stake = prisoner ? `(${d.status_imprisoned})` : m(b.stake);
  const name = betName(b, wheel, app.lang, m);
  // a stake going or staying en prison is held, not a return of 0 (QA: "(en prison) → 0.00 €
  // (en prison)"): "Red: 5.00 € → en prison (level 1), held", "Red (En prison 1): en prison (level 2), held"
  const level = (o as { prison?: number } | undefined)?.prison;
  const halved = (c.partages ?? []).some((x) => x.prisoner === b.id); // la partage taken since: not held
  if (o?.status === 'imprisoned' && level !== undefined && !halved) {
    const held = t(app.lang, 'heldPrisonLine', { k: level });
    return h(
      'li',
      { dataset: { held: b.id, ...(prisoner ? { prisoner: b.id } : {}) } },
      prisoner ? `${name}: ${held}` : `${name}: ${stake} → ${held}`,
    );
  }
  return h(
    'li',
    prisoner ? { dataset: { prisoner: b.id } } : {},
    `${name}: ${stake} → ${o ? m(o.returned) : '—'} ${status ? `(${status})` : ''}`,
  );
}
