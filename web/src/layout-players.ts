/**
 * A layout with every player's chips on it, for staff screens (the back office's game recall, the
 * console's floor panel): the player's layout (layout-view.ts) read-only, each spot showing the
 * total staked, the players' initials and, when known, one dot per player in their chip colour.
 */
import type { Chance, Pocket, WheelKind } from '../../src/engine/index.ts';
import { calls, chanceName, t, type Language } from './i18n.ts';
import { LayoutView, type SpotChips } from './layout-view.ts';
import { cap } from './names.ts';

/** A chip (or a bet on one position) of a player: the position key and its stake in minor units. */
export interface PlayerChip {
  readonly key: string;
  readonly stake: number;
  readonly playerId: string;
}

/** A bet as the wire carries it: one position (`key`) or an announced bet's chips. */
export interface ChipsBet {
  readonly key?: string;
  readonly stake: number;
  readonly chips?: ReadonlyArray<{ readonly key: string; readonly stake?: number }>;
}

/** The chips of players' bets, spot by spot (an announced bet counts chip by chip). */
export function chipsOf(bets: ReadonlyArray<{ readonly playerId: string; readonly bet: ChipsBet }>): PlayerChip[] {
  const out: PlayerChip[] = [];
  for (const b of bets) {
    if (b.bet.chips)
      for (const ch of b.bet.chips) out.push({ key: ch.key, stake: ch.stake ?? 0, playerId: b.playerId });
    else if (b.bet.key) out.push({ key: b.bet.key, stake: b.bet.stake, playerId: b.playerId });
  }
  return out;
}

/** A player's initials on the staff's layout: the first three letters (characters, not UTF-16 units) of the name. */
const initialsOf = (name: string): string => [...name].slice(0, 3).join('');

/**
 * The tag of a spot's chips on the staff's layout: the players' initials (the first three
 * letters of each name) joined by "+" for one or two players ("Pau", "Pau+Lea"), else the first
 * player's and how many more ("Ali +5"), so that a busy spot's tag stays within its spot (QA: six
 * names, "Ali+Bob+Chl+Dmi+Cro+Cro", ran over the neighbouring numbers and out of the layout).
 * Every name stays in the spot's tooltip and `data-players`.
 */
export function tagLabel(names: readonly string[]): string {
  const initials = names.map(initialsOf);
  return initials.length <= 2 ? initials.join('+') : `${initials[0]} +${initials.length - 1}`;
}

/** A player's prisoner: a chance simple's stake held en prison on the layout (RULES §4). */
export interface PlayerPrisoner {
  readonly playerId: string;
  readonly chance: Chance;
  /** The stake, minor units. */
  readonly stake: number;
  readonly level: number;
  /** Its choice after a zero (la partage / en prison) is still open. */
  readonly pending: boolean;
}

/** What {@link playersLayout} draws. */
export interface PlayersLayoutOptions {
  readonly wheel: WheelKind;
  readonly lang: Language;
  readonly chips: readonly PlayerChip[];
  /** A player's name from the id. */
  name(playerId: string): string;
  /** An amount in minor units as text. */
  money(minor: number): string;
  /** The currency's decimals (the colour of a chip's value). */
  readonly decimals: number;
  /** A player's chip colour (a CSS colour name), undefined when not known: no dot. */
  colour?(playerId: string): string | undefined;
  /** The winning number to mark, if any. */
  readonly winner?: Pocket | null;
  /** The prisoners on the layout, drawn on the prison line of their chance with the player's initials. */
  readonly prisoners?: readonly PlayerPrisoner[];
}

/** The felt with every chip: per spot, the players' initials, the total staked, and a dot per player's colour. */
export function playersLayout(o: PlayersLayoutOptions): HTMLElement {
  const view = new LayoutView(o.wheel, { place: () => {}, describe: () => '', inspect: () => {} });
  view.render('horizontal', o.lang);
  // a spot's chip is a small tag at the top of its spot, never over a number (CSS `.players-layout`)
  view.root.classList.add('players-layout');
  const spots = new Map<string, { total: number; who: Map<string, string> }>();
  for (const c of o.chips) {
    const x = spots.get(c.key) ?? { total: 0, who: new Map<string, string>() };
    x.total += c.stake;
    x.who.set(c.playerId, o.name(c.playerId));
    spots.set(c.key, x);
  }
  const chips = new Map<string, SpotChips>();
  for (const [key, x] of spots)
    chips.set(key, {
      mine: 0,
      others: x.total,
      mineLabel: '',
      othersLabel: tagLabel([...x.who.values()]),
      decimals: o.decimals,
    });
  view.setChips(chips);
  for (const [key, x] of spots) {
    const b = view.button(key);
    if (!b) continue;
    const names = [...x.who.values()];
    b.dataset.players = names.join(',');
    b.title = `${names.join(', ')}: ${o.money(x.total)}`;
    const colours = [...x.who.keys()].map((id) => o.colour?.(id)).filter((c): c is string => c !== undefined);
    if (colours.length === 0) continue;
    b.dataset.colours = colours.join(',');
    for (const c of colours) {
      const dot = document.createElement('span');
      dot.className = 'player-dot';
      dot.dataset.colour = c;
      dot.style.cssText = `position:absolute;bottom:2px;width:8px;height:8px;border-radius:50%;border:1px solid #000;background:${c};left:${2 + 10 * colours.indexOf(c)}px`;
      b.append(dot);
    }
  }
  if (o.prisoners?.length) drawPrisoners(view, o, o.prisoners);
  if (o.winner !== undefined && o.winner !== null) view.markWinner(o.winner);
  return view.root;
}

/**
 * The prisoners on the prison lines of their chances (QA: the console's floor drew none): each a
 * chip in its stake's colour with the prison mark, labelled with the player's initials, its
 * tooltip "Alice · Red · 10.00 € — En prison, level 1", `data-player` the player's name.
 */
function drawPrisoners(view: LayoutView, o: PlayersLayoutOptions, prisoners: readonly PlayerPrisoner[]): void {
  const prison = cap(calls(o.lang).enPrison);
  view.setPrisoners(
    prisoners.map((p) => ({
      chance: p.chance,
      stake: p.stake,
      decimals: o.decimals,
      label: initialsOf(o.name(p.playerId)),
      title: `${o.name(p.playerId)} · ${cap(chanceName(o.lang, p.chance))} · ${o.money(p.stake)} — ${prison}, ${t(o.lang, 'prisonLevel', { k: p.level })}`,
      level: p.level,
      pending: p.pending,
    })),
  );
  // setPrisoners draws a chance's prisoners in the order given: name each chip after its prisoner
  for (const line of Array.from(view.root.querySelectorAll<HTMLElement>('.prison-line'))) {
    const mine = prisoners.filter((p) => p.chance === line.dataset.chance);
    line.querySelectorAll<HTMLElement>('.chip.prisoner').forEach((chip, i) => {
      if (mine[i]) chip.dataset.player = o.name(mine[i].playerId);
    });
  }
}
