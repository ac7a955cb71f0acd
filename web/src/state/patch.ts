/**
 * Patches of a table view by live events that the player's store (table.ts) and the console's
 * store (console.ts) apply alike: a phase change, a prisoner's change, the table's storage status. Pure.
 */
import type { PhaseEvent } from '../../../src/protocol/events.ts';
import type { TableStorageView } from '../../../src/protocol/health.ts';
import type { PrisonerJson, TableViewJson } from '../api.ts';

/**
 * The view after a `phase` event: phase, since, deadline (null when none), coup, pause requested,
 * and whether the server takes the staff's number now (`keyIn`).
 */
export function withPhase(v: TableViewJson, e: PhaseEvent): TableViewJson {
  const { keyIn: _was, ...rest } = v;
  return {
    ...rest,
    ...(e.keyIn ? { keyIn: true as const } : {}),
    phase: e.phase,
    since: e.since,
    deadline: e.deadline ?? null,
    coup: e.coup,
    pauseRequested: e.pauseRequested === true,
  };
}

/** A prisoner changed: la partage frees it (removed); any other action puts its new state in place (or adds it). */
export function withPrisoner(list: readonly PrisonerJson[], action: string, p: PrisonerJson): PrisonerJson[] {
  if (action === 'partage') return list.filter((x) => x.id !== p.id);
  return list.some((x) => x.id === p.id) ? list.map((x) => (x.id === p.id ? p : x)) : [...list, p];
}

/** The view after a `storage` event: its storage status while the store fails, none once it recovered (null). */
export function withStorage(v: TableViewJson, storage: TableStorageView | null): TableViewJson {
  const { storage: _was, ...rest } = v;
  return storage ? { ...rest, storage } : rest;
}
