/**
 * Player commands with client request ids (docs/API.md "Idempotency"), and the automatic phase
 * changes whose deadline has passed before a command is judged.
 */
import { echo } from '../protocol/shape.ts';
import { launch, rienNeVaPlus } from './phases.ts';
import { sameCommand } from './request-log.ts';
import { BETTING_PHASES, type TableState } from './state.ts';
import { reject, type Effect, type Step } from './step.ts';

/**
 * Stable JSON text with sorted keys (request fingerprints). Loops instead of map / sort / join
 * closures: it runs on every player command (issue 17, ninth part); the text is unchanged.
 */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) {
    let out = '[';
    for (let i = 0; i < v.length; i++) out += (i > 0 ? ',' : '') + canonicalJson(v[i]);
    return out + ']';
  }
  if (v && typeof v === 'object') {
    const keys = Object.keys(v as object);
    // a handful of keys (a command's objects): insertion sort in place, since Array.sort
    // allocated a work array per object (about 5% of the bytes allocated per bet, issue 17)
    if (keys.length > 16) keys.sort();
    else
      for (let i = 1; i < keys.length; i++) {
        const k = keys[i];
        let j = i - 1;
        for (; j >= 0 && keys[j] > k; j--) keys[j + 1] = keys[j];
        keys[j + 1] = k;
      }
    let out = '{';
    for (let i = 0; i < keys.length; i++)
      out += `${i > 0 ? ',' : ''}${JSON.stringify(keys[i])}:${canonicalJson((v as Record<string, unknown>)[keys[i]])}`;
    return out + '}';
  }
  return JSON.stringify(v) ?? 'null';
}

/**
 * Runs a player command with its client request id. The request id is looked up FIRST, before
 * any phase check, so a retry always gets the first reply again (also after rien ne va plus,
 * or after a partage removed the prisoner); the same id with a different command or payload
 * is REQUEST_ID_REUSED. A command that changed the state is remembered with its reply for the
 * current and the previous coup (O(1): the request log is persistent, see book.ts); once the
 * next coup has opened, a previous coup's request keeps only its settled form (request-log.ts
 * `settledRecord`: a retry gets `{kind | action, coup, settled: true}`).
 */
export function playerStep(
  s: TableState,
  e: { now: number; playerId: string; requestId?: string },
  command: Record<string, unknown>,
  run: (s: TableState) => Step,
): Step {
  const key = e.requestId ? `${e.playerId}/${e.requestId}` : null;
  const fingerprint = key ? canonicalJson(command) : '';
  const seen = key ? s.requests.get(key) : undefined;
  if (seen) {
    if (!sameCommand(seen, fingerprint))
      return reject(
        s,
        'REQUEST_ID_REUSED',
        `request id ${echo(e.requestId)} was already used for another command or payload`,
      );
    return { state: s, effects: [{ type: 'reply', value: seen.reply }] };
  }
  const due = applyOverdue(s, e.now);
  const run1 = run(due.state);
  const step: Step = due.state === s ? run1 : { state: run1.state, effects: [...due.effects, ...run1.effects] };
  if (!key || run1.state === due.state) return step;
  const reply = step.effects.find((x) => x.type === 'reply');
  if (!reply || reply.type !== 'reply') return step;
  return {
    state: {
      ...step.state,
      requests: step.state.requests.with(key, { coup: s.coup, fingerprint, reply: reply.value }),
    },
    effects: step.effects,
  };
}

/**
 * Applies the automatic changes of the betting phases whose deadline has passed at `now` —
 * the launch at the betting deadline, "rien ne va plus" at the launched deadline — at the
 * published instants, before a player command is judged. The deadline's own `tick` may wait
 * in the table's queue behind commands when the server is busy; this way nothing is accepted
 * at or after the published deadline.
 */
export function applyOverdue(s: TableState, now: number): Step {
  let state = s;
  const effects: Effect[] = [];
  while (state.deadline !== null && now >= state.deadline && BETTING_PHASES.includes(state.phase)) {
    const step = state.phase === 'betting' ? launch(state, state.deadline) : rienNeVaPlus(state, state.deadline);
    state = step.state;
    effects.push(...step.effects);
  }
  return { state, effects };
}
