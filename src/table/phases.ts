/**
 * The phases of the coup (RULES.md §6): opening of the day, "faites vos jeux", the launch,
 * "rien ne va plus", the pause, the timers (`tick`), the recovery after a restart and the
 * croupier's configuration changes. See machine.ts for the phase diagram.
 */
import { CALLS } from '../engine/index.ts';
import {
  confirmsResult,
  gamingDay,
  offeredMaxima,
  reconfiguredConfirmResult,
  resolveTableConfig,
  untimed,
} from './config.ts';
import { callsOf, phaseEvent, placedBetJson, prisonerJson } from './events.ts';
import {
  BetBook,
  BETTING_PHASES,
  stakesOf,
  tableRules,
  type Prisoner,
  type StoredBet,
  type TableState,
} from './state.ts';
import {
  publish,
  reject,
  STAFF,
  TABLE,
  toPlayer,
  type Effect,
  type EventBody,
  type Step,
  type TableEvent,
  settledDeadline,
} from './step.ts';
import { settle, voidCoup } from './settlement.ts';
import { wheelTableResult } from './wheel.ts';
import { enterNumber, settleKept } from './entry.ts';

/**
 * Opens the next coup: "faites vos jeux". Chances simples that stayed on the layout after a zero
 * (historic tables, RULES §3a) are its first bets, their players' again (a `bets-placed` event
 * each, with `carriedFrom`); they may be withdrawn until rien ne va plus.
 */
export function startCoup(s0: TableState, now: number, extra: Partial<EventBody<'phase'>> = {}): Step {
  const { carried = [], ...s } = s0;
  const next: TableState = {
    ...s,
    phase: 'betting',
    since: now,
    deadline: untimed(s.config) ? null : now + s.config.timings.bettingMs,
    coup: s.coup + 1,
    coupStartedAt: now,
    closedAt: null,
    spinRequested: false,
    bets: carried.length ? BetBook.of(carried, [], stakesOf(tableRules(s.config).catalogue)) : BetBook.empty(),
    // keep request ids of the coup that just ended (late retries) in their settled form, drop older ones
    requests: s.requests.settledSince(s.coup),
    nextBetSeq: 1,
    txSeq: 1,
    staffLog: [],
    entered: null,
    settledFrom: null,
  };
  const effects = [phaseEvent(next, { call: CALLS.fr.faitesVosJeux, calls: callsOf('faitesVosJeux'), ...extra })];
  const byPlayer = new Map<string, StoredBet[]>();
  for (const b of carried) byPlayer.set(b.playerId, [...(byPlayer.get(b.playerId) ?? []), b]);
  for (const [playerId, bets] of byPlayer)
    effects.push(publish(next, TABLE, 'bets-placed', { playerId, bets: bets.map((b) => placedBetJson(next, b)) }));
  return { state: next, effects };
}

/** Pending zero choices whose deadline passed (or all, at rien ne va plus) default to en prison. */
export function defaultChoices(s: TableState, now: number, all: boolean): Step {
  const effects: Effect[] = [];
  let changed = false;
  const prisoners = s.prisoners.map((p) => {
    if (!p.pending || (!all && (p.choiceDeadline === null || p.choiceDeadline > now))) return p;
    changed = true;
    const q: Prisoner = { ...p, pending: false, choiceDeadline: null };
    const body = { action: 'default-prison' as const, prisoner: prisonerJson(q) };
    effects.push(publish(s, toPlayer(p.playerId), 'prisoner', body), publish(s, STAFF, 'prisoner', body));
    return q;
  });
  return changed ? { state: { ...s, prisoners }, effects } : { state: s, effects: [] };
}

/** The day's first launch ends the ball's rest in the pocket of the date (RULES §6). */
function launchedDay(s: TableState, now: number): TableState['day'] {
  return s.day && s.day.launchedAt === undefined ? { ...s.day, launchedAt: now } : s.day;
}

/**
 * "Rien ne va plus": bets close; pending zero choices default to en prison. `ballMs`: the time
 * until the draw on an RNG table (the table's `ballMs`; launch + ball when the launch is itself
 * rien ne va plus, see {@link launch}).
 */
export function rienNeVaPlus(s0: TableState, now: number, ballMs = s0.config.timings.ballMs): Step {
  const d = defaultChoices(s0, now, true);
  const s: TableState = {
    ...d.state,
    phase: 'no-more-bets',
    since: now,
    closedAt: now,
    day: launchedDay(d.state, now),
    deadline: s0.config.mode === 'rng' ? now + ballMs : null,
  };
  return {
    state: s,
    effects: [...d.effects, phaseEvent(s, { call: CALLS.fr.rienNeVaPlus, calls: callsOf('rienNeVaPlus') })],
  };
}

/**
 * The launch: the ball runs, bets are still accepted until rien ne va plus. On a rule set whose
 * betting closes at the launch (`closesAtLaunch`, historic tables, RULES §3a: the stakes are down
 * before the wheel turns) the launch is rien ne va plus: no `launched` phase, and the draw of an
 * RNG table comes after the launch and ball times (the ball runs as long as on other tables).
 */
export function launch(s: TableState, now: number): Step {
  if (tableRules(s.config).rules.closesAtLaunch)
    return rienNeVaPlus(s, now, s.config.timings.launchMs + s.config.timings.ballMs);
  const next: TableState = {
    ...s,
    phase: 'launched',
    since: now,
    day: launchedDay(s, now),
    deadline: untimed(s.config) ? null : now + s.config.timings.launchMs,
  };
  return { state: next, effects: [phaseEvent(next)] };
}

function afterResult(s: TableState, now: number): Step {
  if (s.pauseRequested) {
    const next: TableState = { ...s, phase: 'paused', since: now, deadline: null, pauseRequested: false };
    return { state: next, effects: [phaseEvent(next)] };
  }
  return startCoup(s, now);
}

/** A new gaming day at `now`: the ball in the pocket of the date. */
function openDay(s: TableState, now: number, extra: Partial<TableState> = {}): Step {
  const day = gamingDay(now, s.config.timeZone);
  // a new day: the players get their chip colours again in the order of their first bet
  const opened: TableState = {
    ...s,
    ...extra,
    day: { date: day.date, openedAt: now, pocket: day.dayOfMonth },
    chipOrder: [],
  };
  return startCoup(opened, now, { dayOpening: { date: day.date, ball: day.dayOfMonth } });
}

/** `open`: opens the day, resumes a paused table, calls the next "faites vos jeux" after a settled coup, or withdraws a pause request. */
export function open(s: TableState, now: number): Step {
  if (s.phase === 'closed') return openDay(s, now);
  if (s.phase === 'paused') {
    // a table paused over midnight opens a new gaming day (the ball in the new date's pocket)
    if (s.day && s.day.date !== gamingDay(now, s.config.timeZone).date) return openDay(s, now, { lastCoup: null });
    return startCoup(s, now);
  }
  // "faites vos jeux" after the payments: the croupier's call (a croupier-paced table waits for
  // it; a timed table may start the next coup before its result time is over)
  if (s.phase === 'settled') return startCoup({ ...s, pauseRequested: false }, now);
  if (s.pauseRequested) {
    const next = { ...s, pauseRequested: false };
    return { state: next, effects: [{ type: 'reply', value: { resumed: true } }, phaseEvent(next)] };
  }
  return reject(s, 'WRONG_PHASE', `the table is already open (phase ${s.phase})`, {
    phase: s.phase,
    allowed: ['closed', 'paused', 'settled'],
  });
}

/** `pause`: at once after a result, else after the running coup. */
export function pause(s: TableState, now: number): Step {
  if (s.phase === 'closed' || s.phase === 'paused') return reject(s, 'WRONG_PHASE', `the table is ${s.phase}`);
  if (s.phase === 'settled') {
    const next: TableState = { ...s, phase: 'paused', since: now, deadline: null, pauseRequested: false };
    return { state: next, effects: [phaseEvent(next)] };
  }
  if (s.pauseRequested) return { state: s, effects: [{ type: 'reply', value: { pauseRequested: true } }] };
  const next = { ...s, pauseRequested: true };
  return {
    state: next,
    effects: [{ type: 'reply', value: { pauseRequested: true } }, phaseEvent(next, { pauseRequested: true })],
  };
}

/** `launch` and `close` of the croupier. */
export function croupierCall(s: TableState, e: { type: 'launch' | 'close'; now: number }): Step {
  if (e.type === 'launch') {
    if (s.phase !== 'betting')
      return reject(s, 'WRONG_PHASE', `launch is possible during "faites vos jeux" only (phase ${s.phase})`);
    return launch(s, e.now);
  }
  if (!BETTING_PHASES.includes(s.phase))
    return reject(s, 'WRONG_PHASE', `rien ne va plus is called while bets are open only (phase ${s.phase})`);
  return rienNeVaPlus(s, e.now);
}

/** `result`: the winning number, after rien ne va plus, from the table's own source. */
export function result(s: TableState, e: Extract<TableEvent, { type: 'result' }>): Step {
  if (s.config.mode === 'wheel') return wheelTableResult(s, e);
  // the mode first: on an RNG table a croupier's number is WRONG_MODE in every phase
  if (e.source === 'croupier' && s.config.mode !== 'manual')
    return reject(s, 'WRONG_MODE', 'this table draws its numbers at random; a croupier cannot enter one');
  if (e.source === 'rng' && s.config.mode !== 'rng')
    return reject(s, 'WRONG_MODE', 'this table plays a physical wheel: the croupier enters the number');
  if (s.phase !== 'no-more-bets')
    return reject(s, 'WRONG_PHASE', `a result is taken after "rien ne va plus" only (phase ${s.phase})`, {
      phase: s.phase,
      allowed: ['no-more-bets'],
    });
  if (e.source === 'croupier' && confirmsResult(s.config)) return enterNumber(s, e);
  return settleKept(s, e.now, e.pocket, e.source);
}

/** `tick`: zero-choice deadlines, then the phase deadline. */
export function tick(s: TableState, now: number): Step {
  const d = defaultChoices(s, now, false);
  const t = d.state;
  if (t.deadline === null || now < t.deadline) return d;
  let step: Step;
  switch (t.phase) {
    case 'betting':
      step = launch(t, now);
      break;
    case 'launched':
      step = rienNeVaPlus(t, now);
      break;
    case 'no-more-bets':
      step = { state: { ...t, deadline: null, spinRequested: true }, effects: [{ type: 'spin' }] };
      break;
    case 'settled':
      step = afterResult(t, now);
      break;
    default:
      step = { state: { ...t, deadline: null }, effects: [] };
  }
  return { state: step.state, effects: [...d.effects, ...step.effects] };
}

/** `recover`: a restart gives players time again, and voids a coup whose ball was lost with the process. */
export function recover(s: TableState, now: number): Step {
  const extend = (p: Prisoner): Prisoner =>
    p.pending ? { ...p, choiceDeadline: Math.max(p.choiceDeadline ?? 0, now + s.config.timings.zeroChoiceMs) } : p;
  const t: TableState = { ...s, prisoners: s.prisoners.map(extend) };
  switch (t.phase) {
    case 'betting':
    case 'launched': {
      const next: TableState = {
        ...t,
        phase: 'betting',
        since: now,
        deadline: untimed(t.config) ? null : now + t.config.timings.bettingMs,
      };
      return { state: next, effects: [phaseEvent(next, { recovered: true })] };
    }
    case 'no-more-bets':
      if (t.config.mode === 'rng')
        return voidCoup(t, now, 'restart after rien ne va plus, before the result was recorded');
      return { state: t, effects: [phaseEvent(t, { recovered: true })] };
    case 'settled': {
      const next: TableState = { ...t, since: now, deadline: settledDeadline(t, now) };
      return { state: next, effects: [phaseEvent(next, { recovered: true })] };
    }
    default:
      return { state: t.prisoners.some((p) => p.pending) ? t : s, effects: [] };
  }
}

/**
 * Whether a table has played a coup or holds a stake: a coup after the first, a result, bets,
 * prisoners or carried chances on the layout, or the first coup past its betting phases. From
 * then on its amounts (wallet stakes, limits, records) are integers of its unit: the currency
 * and decimals cannot change (QA: a live table switched to JPY read 2.00 € as 200 ¥).
 */
export function hasPlayed(s: TableState): boolean {
  return (
    s.coup > 1 ||
    s.lastCoup !== null ||
    s.bets.length > 0 ||
    s.prisoners.length > 0 ||
    (s.carried?.length ?? 0) > 0 ||
    (s.coup === 1 && !BETTING_PHASES.includes(s.phase))
  );
}

/**
 * `configure`: limits, timings, mode and pacing (the rules never change; the currency and
 * decimals only until the table has played: {@link hasPlayed}, else INVALID_CONFIG).
 */
export function configure(s: TableState, e: Extract<TableEvent, { type: 'configure' }>): Step {
  const { timings, maxima, ...rest } = e.patch;
  const c = s.config;
  // a new minimum resets the maxima to its art. 53 multiples (plus explicit overrides)
  const keepMaxima = rest.minimum === undefined || rest.minimum === c.minimum;
  const r = resolveTableConfig({
    ...c,
    ...rest,
    confirmResult: reconfiguredConfirmResult(c, rest),
    maxima: { ...(keepMaxima ? offeredMaxima(c) : {}), ...(maxima ?? {}) },
    timings: { ...c.timings, ...(timings ?? {}) },
    id: c.id,
    rules: c.rules,
  });
  if (!r.ok) return { state: s, effects: [{ type: 'reject', error: r.error }] };
  const unit = r.value.currency !== c.currency ? 'currency' : r.value.decimals !== c.decimals ? 'decimals' : null;
  if (unit && hasPlayed(s))
    return reject(
      s,
      'INVALID_CONFIG',
      `the ${unit} of table ${c.id} cannot change: it has played (its stakes, limits and records are amounts in ${c.currency} with ${c.decimals} decimals); create a new table`,
      { field: unit, currency: c.currency, decimals: c.decimals, coup: s.coup },
    );
  if ((r.value.mode === 'wheel') !== (c.mode === 'wheel'))
    return reject(s, 'WRONG_MODE', 'an automatic wheel is set when the table is created (docs/WHEELS.md)');
  if (r.value.mode !== c.mode && s.phase === 'no-more-bets')
    return reject(s, 'WRONG_PHASE', 'the wheel mode cannot change between rien ne va plus and the result');
  let next: TableState = { ...s, config: r.value };
  const effects: Effect[] = [
    { type: 'reply', value: { config: r.value } },
    publish(next, TABLE, 'config', { config: r.value }),
  ];
  // pacing changed during betting / the launch: the phase's timer starts now (from the
  // change), or stops when the croupier takes over
  if (untimed(r.value) !== untimed(c) && BETTING_PHASES.includes(s.phase)) {
    const ms = s.phase === 'betting' ? r.value.timings.bettingMs : r.value.timings.launchMs;
    next = { ...next, deadline: untimed(r.value) ? null : e.now + ms };
    effects.push(phaseEvent(next));
  }
  return { state: next, effects };
}
