/**
 * The staff audit trail (issue 12 item 1) over SQLite and PostgreSQL: lines appended in a
 * transaction are committed with it or not at all, ids increase, every filter (table, actor,
 * action, time) and the cursor pages work newest first, and the trail is append-only: the
 * database itself refuses an UPDATE or a DELETE of a line (and a TRUNCATE on PostgreSQL).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditDraft } from '../../src/protocol/audit.ts';
import type { Store } from '../../src/store/port.ts';
import type { SqlStore } from '../../src/store/sql.ts';
import { storeKinds } from './stores.ts';

const kinds = await storeKinds();
const CHEF = { account: 'chef-ann', name: 'Ann', role: 'chef' };
const PIT = { account: 'pit-bob', name: 'Bob', role: 'pitboss' };

const line = (over: Partial<AuditDraft>): AuditDraft => ({
  at: 1_000,
  actor: CHEF,
  tableId: 't1',
  action: 'void',
  before: { phase: 'no-more-bets', coup: 3 },
  after: { phase: 'betting', coup: 4 },
  reason: 'ball out',
  ...over,
});

for (const kind of kinds) {
  describe.skipIf(kind.skip !== null)(`audit trail over ${kind.name}`, () => {
    let store: Store;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ store, cleanup } = await kind.open());
      await store.init(); // idempotent, triggers included
    });
    afterAll(async () => cleanup?.());

    it('appends in the transaction of the action, or not at all', async () => {
      const id = await store.transaction((tx) => tx.appendAudit(line({})));
      expect(id).toBeGreaterThan(0);
      await expect(
        store.transaction(async (tx) => {
          await tx.appendAudit(line({ reason: 'rolled back' }));
          throw new Error('the action failed');
        }),
      ).rejects.toThrow('the action failed');
      const page = await store.auditTrail({});
      expect(page.entries.map((e) => e.reason)).toEqual(['ball out']);
      expect(page.entries[0]).toEqual({ id, ...line({}) });
      expect(page.next).toBeNull();
    });

    it('filters by table, actor, action and time; pages newest first by cursor', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 5; i++)
        ids.push(
          await store.transaction((tx) =>
            tx.appendAudit(
              line({
                at: 2_000 + i,
                actor: i % 2 ? PIT : CHEF,
                tableId: i === 4 ? null : 't2',
                action: i % 2 ? 'pause' : 'launch',
                before: null,
                after: null,
                reason: null,
              }),
            ),
          ),
        );
      expect([...ids].sort((a, b) => a - b)).toEqual(ids);
      expect((await store.auditTrail({ table: 't2' })).entries.map((e) => e.at)).toEqual([2003, 2002, 2001, 2000]);
      expect((await store.auditTrail({ actor: 'pit-bob' })).entries.map((e) => e.at)).toEqual([2003, 2001]);
      expect((await store.auditTrail({ action: 'launch' })).entries.map((e) => e.at)).toEqual([2004, 2002, 2000]);
      expect((await store.auditTrail({ from: 2001, to: 2003 })).entries.map((e) => e.at)).toEqual([2002, 2001]);
      const first = await store.auditTrail({ limit: 2 });
      expect(first.entries.map((e) => e.at)).toEqual([2004, 2003]);
      expect(first.entries[0]).toMatchObject({ tableId: null, before: null, after: null, reason: null });
      const second = await store.auditTrail({ limit: 2, cursor: first.next! });
      expect(second.entries.map((e) => e.at)).toEqual([2002, 2001]);
      const third = await store.auditTrail({ limit: 2, cursor: second.next! });
      expect(third.entries.map((e) => e.at)).toEqual([2000, 1000]);
      expect(third.next).toBeNull();
    });

    it('is append-only: the database refuses to change or remove a line', async () => {
      const db = (store as SqlStore).db;
      await expect(sql`update audit_log set reason = 'forged'`.execute(db)).rejects.toThrow(/append-only/);
      await expect(sql`delete from audit_log`.execute(db)).rejects.toThrow(/append-only/);
      if (kind.name === 'postgres') await expect(sql`truncate audit_log`.execute(db)).rejects.toThrow(/append-only/);
      expect((await store.auditTrail({ limit: 1000 })).entries).toHaveLength(6);
      expect('updateAudit' in store || 'deleteAudit' in store).toBe(false);
    });
  });
}
