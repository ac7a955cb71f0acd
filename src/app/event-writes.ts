/**
 * The writes of one state-changing table event in the table driver's transaction (driver.ts;
 * the bets' writes go in bulk through batch-writes.ts, every other event through here): the
 * event, its ledger transactions, a settlement's coup record, a partage, the snapshot of a
 * coup's start or of a rest, and the crash tests' fault injection.
 */
import type { StoreTx } from '../store/port.ts';
import type { Step, TableEvent, TableState } from '../table/machine.ts';
import type { StoredParts } from '../table/settled-parts.ts';
import { snapshotDue } from './batch-writes.ts';
import { coupBalances } from './coup-balances.ts';
import type { TableDriverOptions } from './driver-types.ts';

/**
 * Writes one state-changing event (`prev` the state before it, `seq` its sequence); returns the
 * player wallets it moved (account -> balance after). `fault`: see TableDriverOptions.fault;
 * `parts`: the stored parts of a settled coup its snapshot may refer to (stored-parts.ts).
 */
export async function writeEvent(
  tx: StoreTx,
  { tableId, fault }: Pick<TableDriverOptions, 'tableId' | 'fault'>,
  prev: TableState,
  event: TableEvent,
  step: Step,
  seq: number,
  parts: { parts: StoredParts; prune: boolean } | null,
): Promise<Map<string, number>> {
  await tx.appendEvent(tableId, seq, event);
  const after = new Map<string, number>();
  const moved = new Map<string, number>();
  let money = false;
  for (const e of step.effects) {
    if (e.type !== 'ledger') continue;
    money ||= e.tx.postings.length > 0;
    const balances = await tx.applyTx(e.tx);
    for (const p of e.tx.postings)
      if (p.account.startsWith('player:')) {
        moved.set(p.account, (moved.get(p.account) ?? 0) + p.amount);
        after.set(p.account, balances.get(p.account) ?? 0);
      }
  }
  for (const e of step.effects)
    if (e.type === 'coup') await tx.recordCoup(e.record, await coupBalances(tx, e, after, moved));
    else if (e.type === 'partage') await tx.recordPartage(e);
  if (snapshotDue(prev, step.state)) await tx.saveSnapshot(tableId, seq, step.state, parts);
  if (fault && fault === event.type && money) process.kill(process.pid, 'SIGKILL');
  return after;
}
