/**
 * "Your prisoners" (french rules): a card per chance simple en prison with La partage / Stay en
 * prison during the zero-choice window (its countdown), Move to another chance simple and the
 * standing instruction for the next zero; and the player's choice for new chances simples.
 */
import { CHANCES, type Chance } from '../../../src/engine/index.ts';
import type { PrisonerJson } from '../api.ts';
import { byId, h } from '../dom.ts';
import { calls, chanceName, DICTS, t } from '../i18n.ts';
import { choose } from './actions.ts';
import { cap, type PlayerCtx } from './context.ts';

/** The prisoners panel (filled by {@link renderPrisoners}). */
export function prisonersPanel(app: PlayerCtx): HTMLElement {
  const d = DICTS[app.lang];
  return h(
    'section',
    { class: 'panel', id: 'prison-panel', 'aria-label': d.prisoners },
    h('h2', {}, d.prisoners),
    onZeroPreference(app),
    h('div', { class: 'prisoners', id: 'prisoners' }),
  );
}

/** "New chances simples at a zero: en prison / la partage" (french rules only). */
function onZeroPreference(app: PlayerCtx): HTMLElement | null {
  if (app.view?.table.rules.chanceOnZero !== 'prison') return null;
  const c = calls(app.lang);
  const sel = h(
    'select',
    { id: 'on-zero', 'aria-label': DICTS[app.lang].newChancesAtZero },
    h('option', { value: 'prison', selected: app.chanceOnZero === 'prison' }, cap(c.enPrison)),
    h('option', { value: 'partage', selected: app.chanceOnZero === 'partage' }, cap(c.partage)),
  );
  sel.addEventListener('change', () => {
    app.chanceOnZero = sel.value === 'partage' ? 'partage' : 'prison';
    localStorage.setItem('croupier.onZero', app.chanceOnZero);
  });
  return h('label', { class: 'standing' }, DICTS[app.lang].newChancesAtZero, sel);
}

/** Shows my prisoners; the cards are rebuilt only when what they show changes. */
export function renderPrisoners(app: PlayerCtx, now: number): void {
  const list = app.view?.my?.prisoners ?? [];
  const box = byId('prisoners');
  byId('prison-panel').hidden = list.length === 0 && app.view?.table.rules.chanceOnZero !== 'prison';
  if (list.length === 0) {
    delete box.dataset.shape;
    app.moveTargets.clear();
    box.replaceChildren(h('p', { class: 'empty' }, '—'));
    return;
  }
  const canChange = app.view?.phase !== 'no-more-bets';
  // the cards are only rebuilt when what they show changes (not on every refresh of the
  // table): an open "Move to" list keeps its choice and the focus
  const shape = JSON.stringify([
    app.lang,
    canChange,
    app.view?.table.currency,
    list.map((p) => [
      p.id,
      p.chance,
      p.stake,
      p.level,
      p.pending,
      p.choiceDeadline,
      p.onZero,
      p.pending && p.choiceDeadline !== null && p.choiceDeadline > now,
    ]),
  ]);
  if (box.dataset.shape === shape && box.isConnected) return;
  box.dataset.shape = shape;
  box.replaceChildren(...list.map((p) => card(app, p, canChange, now)));
}

function card(app: PlayerCtx, p: PrisonerJson, canChange: boolean, now: number): HTMLElement {
  const d = DICTS[app.lang];
  const c = calls(app.lang);
  const name = chanceName(app.lang, p.chance);
  const open = p.pending && p.choiceDeadline !== null && p.choiceDeadline > now;
  // the chance chosen in "Move to" is kept across re-renders of the card
  const target = app.moveTargets.get(p.id);
  const sel = h(
    'select',
    { 'aria-label': `${d.moveTo} (${name})`, dataset: { choice: 'move-to' } },
    ...CHANCES.filter((x) => x !== p.chance).map((x: Chance) =>
      h('option', { value: x, selected: x === target }, chanceName(app.lang, x)),
    ),
  );
  sel.addEventListener('change', () => app.moveTargets.set(p.id, sel.value as Chance));
  const button = (cls: string, choice: string, text: string, onclick: () => void) =>
    h('button', { class: cls, type: 'button', dataset: { choice }, onclick }, text);
  const row = h('div', { class: 'row' });
  if (open)
    row.append(
      button('btn', 'partage', cap(c.partage), () => void choose(app, p, 'partage')),
      button('btn', 'prison', d.stay, () => void choose(app, p, 'prison')),
    );
  if (canChange)
    row.append(
      h('span', {}, d.moveTo),
      sel,
      button('btn-small', 'move', d.move, () => void choose(app, p, 'move', { chance: sel.value })),
    );
  if (canChange && p.onZero !== undefined) {
    const standing = h(
      'select',
      { 'aria-label': `${d.atNextZero} (${name})`, dataset: { choice: 'on-zero' } },
      h('option', { value: 'prison', selected: p.onZero !== 'partage' }, cap(c.enPrison)),
      h('option', { value: 'partage', selected: p.onZero === 'partage' }, cap(c.partage)),
    );
    standing.addEventListener(
      'change',
      () => void choose(app, p, 'on-zero', { onZero: standing.value as 'prison' | 'partage' }),
    );
    row.append(h('label', { class: 'standing' }, d.atNextZero, standing));
  }
  return h(
    'div',
    { class: `prisoner-card${open ? ' pending' : ''}`, dataset: { prisoner: p.id, chance: p.chance } },
    h('strong', {}, `${cap(name)} · ${app.money(p.stake)}`),
    ` — ${cap(c.enPrison)}, ${t(app.lang, 'prisonLevel', { k: p.level })}`,
    open ? h('div', { class: 'empty', dataset: { deadline: String(p.choiceDeadline) } }, '') : null,
    row,
  );
}
