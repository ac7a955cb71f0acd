/**
 * The felt: the layout (web/src/layout-view.ts) with every legal bet a click, its labels (payout,
 * limits, my stake), and what the state puts on it — my chips and the others', my prisoners on
 * the prison lines, the announced bets marked on the racetrack, dimmed outside betting.
 */
import { type Pocket, type Position } from '../../../src/engine/index.ts';
import { byId, h } from '../dom.ts';
import { calls, chanceName, DICTS, t } from '../i18n.ts';
import { LayoutView, type SpotChips } from '../layout-view.ts';
import { chipLabel } from '../money.ts';
import { payoutText, positionName } from '../names.ts';
import { phaseStatus } from '../phase.ts';
import { toPocket } from '../state/table.ts';
import { placePosition } from './actions.ts';
import { openPatternMenu } from './patterns-menu.ts';
import { addBetStakes, cap, type PlayerCtx } from './context.ts';
import { errorText } from '../errors.ts';
import { stakeUnitMultiple } from '../stake-unit.ts';
import { othersDescription } from './table-activity.ts';

/** The felt section: a new layout view (kept in `app.layout`); the racetrack is its own panel (shell.ts). */
export function feltPanel(app: PlayerCtx): HTMLElement {
  const v = app.view!;
  // only the positions the rule set offers (RULES §3a: no 24-number spots on american and
  // historic tables, no five-number on historic-38)
  app.layout = new LayoutView(
    v.table.rules.wheel,
    {
      place: (p) => void placePosition(app, p),
      describe: (p) => describe(app, p),
      inspect: (p) => {
        byId('info').textContent = p ? `${positionName(p, app.lang)} — ${describe(app, p)}` : '';
      },
      context: (p, anchor) => openPatternMenu(app, p, anchor),
    },
    v.table.rules.offered,
  );
  app.layout.render(app.orientation, app.lang);
  app.layout.root.id = 'layout';
  return h('section', { class: 'felt', 'aria-label': DICTS[app.lang].layout }, app.layout.root);
}

/** Payout, limits and own stake of a position, for labels. */
function describe(app: PlayerCtx, p: Position): string {
  const v = app.view;
  if (!v) return '';
  const mine = new Map<string, number>();
  for (const b of v.my?.bets ?? []) addBetStakes(mine, b);
  const stake = mine.get(p.key) ?? 0;
  const parts = [
    t(app.lang, 'pays', { p: payoutText(p.kind, app.lang) }),
    t(app.lang, 'minMax', { min: app.money(v.table.minimum), max: app.money(v.table.maxima[p.kind] ?? 0) }),
  ];
  if (stake) parts.push(t(app.lang, 'yourStake', { s: app.money(stake) }));
  const others = othersDescription(app, p.key); // a large table: the other players' total (issue 17)
  if (others) parts.push(others);
  return parts.join(' · ');
}

/** Brings the felt in line with the state: open or dimmed, the chips, the prisoners, the racetrack marks. */
export function updateFelt(app: PlayerCtx): void {
  const v = app.view!;
  const betting = phaseStatus(v.phase, v.pauseRequested).open;
  app.layout?.setDisabled(!betting);
  // outside betting the felt is dimmed, the racetrack and its tools are off, and a banner
  // says why (paused by the croupier, day not open, rien ne va plus, the result)
  document.querySelector('.felt')?.classList.toggle('closed', !betting);
  document.querySelector('.track-panel')?.classList.toggle('closed', !betting);
  for (const el of Array.from(
    document.querySelectorAll<HTMLButtonElement | HTMLSelectElement>('.announce-tools button, .announce-tools select'),
  ))
    el.disabled = !betting;
  for (const el of Array.from(document.querySelectorAll('.racetrack .rt-target')))
    el.setAttribute('aria-disabled', String(!betting));
  // chips on the layout: mine and others', announced chips on their positions
  const mine = new Map<string, number>();
  const others = new Map<string, number>();
  for (const b of v.bets) addBetStakes(b.playerId === app.session?.playerId ? mine : others, b);
  if (v.my) {
    mine.clear();
    for (const b of v.my.bets) addBetStakes(mine, b);
  }
  const chips = new Map<string, SpotChips>();
  for (const key of new Set([...mine.keys(), ...others.keys()])) {
    const m = mine.get(key) ?? 0;
    const o = others.get(key) ?? 0;
    chips.set(key, {
      mine: m,
      others: o,
      mineLabel: chipLabel(m, app.currency, app.lang),
      othersLabel: chipLabel(o, app.currency, app.lang),
      decimals: app.currency.decimals,
    });
  }
  app.layout?.setChips(chips);
  applyStakeUnit(app);
  app.layout?.setPrisoners(
    (v.my?.prisoners ?? []).map((p) => ({
      chance: p.chance,
      stake: p.stake,
      decimals: app.currency.decimals,
      label: chipLabel(p.stake, app.currency, app.lang),
      title: `${cap(chanceName(app.lang, p.chance))} · ${app.money(p.stake)} — ${cap(calls(app.lang).enPrison)}, ${t(app.lang, 'prisonLevel', { k: p.level })}`,
      level: p.level,
      pending: p.pending,
    })),
  );
  const series = new Set<string>();
  const centres = new Set<Pocket>();
  for (const b of v.my?.bets ?? []) {
    if (b.type !== 'announce' || !b.announce) continue;
    const m = /^voisins (\S+) ±/.exec(b.announce);
    if (m) centres.add(toPocket(m[1] === '00' ? '00' : Number(m[1])));
    else series.add(b.announce);
  }
  app.racetrack?.setMarks(series, centres);
}

/**
 * The even-chance stake unit (RULES §3a) against the selected chip: the chances simples the chip
 * cannot be staked on are marked refused with the reason (label, tooltip), and the labels redrawn.
 */
export function applyStakeUnit(app: PlayerCtx): void {
  app.layout?.setRefusal((p) => stakeUnitReason(app, p));
}

/** Why the selected chip cannot be staked on this position (the even-chance unit), or null. */
export function stakeUnitReason(app: PlayerCtx, p: Position): string | null {
  const t = app.view?.table;
  const multiple = stakeUnitMultiple(p.kind, app.chip, t?.evenChanceUnit ?? t?.rules.evenChanceUnit);
  if (multiple === null) return null;
  return errorText(app.lang, { code: 'INVALID_STAKE_UNIT', message: '', detail: { multiple } }, (m) => app.money(m));
}
