/**
 * The screens' part of a table whose storage fails (docs/WHEELS.md "When a wheel event cannot be
 * stored"): the console's alarm (storageAlarm) and the players' notice (storageNotice) follow the
 * view's `storage` — from a load / `state` and from the live `storage` events — and clear on
 * recovery; their words exist in all five languages. Regression: a `storage` event changed nothing
 * (the console showed the last recorded phase as if all were fine).
 */
import { describe, expect, it } from 'vitest';
import type { TableViewJson } from '../../web/src/api.ts';
import { playerView } from './fixtures.ts';
import { LANGUAGES, STORAGE_WORDS } from '../../web/src/i18n.ts';
import {
  initialConsole,
  reduceConsole,
  storageAlarm,
  type ConsoleAction,
  type ConsoleState,
} from '../../web/src/state/console.ts';
import { initialTable, landing, reduce, storageNotice, type TableAction } from '../../web/src/state/table.ts';

const HELD = { failing: true as const, since: 5_000, failures: 3, holding: true };
const FAILING = { ...HELD, holding: false };

/** The automatic table "auto" after the launch, no history (fixtures.ts playerView otherwise). */
const view = (over: Partial<TableViewJson> = {}): TableViewJson =>
  playerView({
    table: { id: 'auto' } as TableViewJson['table'],
    phase: 'launched',
    deadline: null,
    history: [],
    ...over,
  });

describe('console: the storage alarm', () => {
  const ev = (event: Record<string, unknown>): ConsoleAction =>
    ({ type: 'event', event: { table: 'auto', coup: 3, ...event } }) as ConsoleAction;
  const run = (actions: ConsoleAction[], s: ConsoleState = initialConsole('auto')) => actions.reduce(reduceConsole, s);
  const loaded = (v: TableViewJson, load?: number): ConsoleAction => ({
    type: 'loaded',
    view: v,
    permanence: [],
    ...(load !== undefined ? { load } : {}),
  });

  it('regression: a `storage` event raises the alarm without a load; its recovery clears it', () => {
    const s = run([loaded(view())]);
    expect(storageAlarm(s)).toBeNull();
    const failing = run([ev({ type: 'storage', storage: FAILING })], s);
    expect(storageAlarm(failing)).toEqual({ since: 5_000, holding: false }); // was: null
    expect(failing.resync).toBe(false); // the event says it all
    const held = run([ev({ type: 'storage', storage: HELD })], failing);
    expect(storageAlarm(held)).toEqual({ since: 5_000, holding: true });
    expect(held.view?.phase).toBe('launched'); // the rest of the view is kept
    const fine = run([ev({ type: 'storage', storage: null })], held);
    expect(storageAlarm(fine)).toBeNull();
    expect(fine.view && 'storage' in fine.view).toBe(false);
  });

  it('a load of a table already failing shows it; a load once it recovered clears it', () => {
    const s = run([loaded(view({ storage: HELD }))]);
    expect(storageAlarm(s)).toEqual({ since: 5_000, holding: true });
    expect(storageAlarm(run([loaded(view())], s))).toBeNull();
  });

  it('a load that predates a `storage` event does not roll the alarm back (nor the recovery)', () => {
    const s = run([loaded(view()), { type: 'loading', id: 1 }, ev({ type: 'storage', storage: HELD })]);
    expect(storageAlarm(run([loaded(view(), 1)], s))).toEqual({ since: 5_000, holding: true });
    const t = run([
      loaded(view({ storage: HELD })),
      { type: 'loading', id: 2 },
      ev({ type: 'storage', storage: null }),
      loaded(view({ storage: HELD }), 2),
    ]);
    expect(storageAlarm(t)).toBeNull();
  });

  it("another table's event is not this table's alarm", () => {
    const s = run([
      loaded(view()),
      { type: 'event', event: { type: 'storage', table: 'salon', coup: 1, storage: HELD } },
    ]);
    expect(storageAlarm(s)).toBeNull();
  });
});

describe("player's page: bets not taken for a technical reason", () => {
  const ev = (event: Record<string, unknown>): TableAction =>
    ({ type: 'event', event: { table: 'auto', coup: 3, ...event }, at: 1000, duration: 3000 }) as TableAction;
  const run = (actions: TableAction[], s = initialTable('p1', 0)) => actions.reduce(reduce, s);
  const start = (v = view()) => run([{ type: 'view', view: v }]);

  it('regression: the notice follows the `storage` events and goes on recovery', () => {
    const s = start();
    expect(storageNotice(s)).toBe(false);
    const held = run([ev({ type: 'storage', storage: HELD })], s);
    expect(storageNotice(held)).toBe(true); // was: false (only refusals)
    expect(held.resync).toBe(false);
    expect(storageNotice(run([ev({ type: 'storage', storage: null })], held))).toBe(false);
  });

  it('a table state (GET or the WebSocket `state`) carries it', () => {
    expect(storageNotice(start(view({ storage: FAILING })))).toBe(true);
    const s = run([ev({ type: 'state', state: view() })], start(view({ storage: FAILING })));
    expect(storageNotice(s)).toBe(false);
  });

  it('a fetched view that predates a `storage` event does not roll the notice back', () => {
    const s = run([{ type: 'fetching', id: 1 }, ev({ type: 'storage', storage: FAILING })], start());
    expect(storageNotice(run([{ type: 'view', view: view(), fetch: 1 }], s))).toBe(true);
  });

  it('a table state deferred while the ball lands gets the change too (no stale notice after the landing)', () => {
    const s = run([ev({ type: 'result', pocket: 17 })], start(view({ storage: HELD })));
    expect(landing(s)).toBe(3);
    const deferred = run(
      [ev({ type: 'state', state: view({ storage: HELD, lastCoup: { ...view().lastCoup!, number: 3, pocket: 17 } }) })],
      s,
    );
    expect(deferred.deferred).not.toBeNull();
    const recovered = run([ev({ type: 'storage', storage: null })], deferred);
    expect(storageNotice(recovered)).toBe(false);
    const landed = run([{ type: 'landed', coup: 3 }], recovered);
    expect(landed.deferred).toBeNull();
    expect(landed.shownCoup).toBe(3);
    expect(storageNotice(landed)).toBe(false);
  });
});

describe('storage words', () => {
  it('exist in all five languages, the time placeholder in each', () => {
    for (const lang of LANGUAGES) {
      const w = STORAGE_WORDS[lang];
      for (const k of ['alarm', 'since', 'held', 'failing', 'action', 'player'] as const)
        expect(w[k], `${lang}.${k}`).toMatch(/\S/);
      expect(w.since, lang).toContain('{t}');
      if (lang !== 'en') expect(w.player, lang).not.toBe(STORAGE_WORDS.en.player);
      expect(w.player, lang).not.toMatch(/TABLE_STORAGE|503|INTERNAL/); // no error code for the players
    }
  });
});
