import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';
import { insertForAudience } from './audience-batches.ts';

/** A broadcast written two users per transaction into a scratch table, as a send writes its recipient rows. */
describe('insertForAudience', () => {
  let t: TestApp;
  let reachable: string[];

  beforeAll(async () => {
    t = await createTestApp();
    for (let i = 0; i < 6; i++) await insertUser(t.db, { username: `reach-${i}` });
    await insertUser(t.db, { username: 'reach-inactive', isActive: false });
    const gone = await insertUser(t.db, { username: 'reach-gone' });
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    await t.db.execute(sql`create table audience_probe (user_id text primary key)`);
    const rows = await t.db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.deletedAt} is null and ${users.isActive}`);
    reachable = rows.map((r) => r.id).sort();
  });
  afterAll(() => t.close());

  const probeRows = async () =>
    (
      (await t.db.execute(sql`select user_id from audience_probe order by user_id`)) as unknown as {
        rows: { user_id: string }[];
      }
    ).rows.map((r) => r.user_id);
  const write = (after: string, progress: (tx: Executor, cursor: string) => Promise<void>) =>
    insertForAudience(
      t.db,
      'all',
      [],
      after,
      (batch) => sql`insert into audience_probe select b.user_id from (${batch}) b
        on conflict do nothing returning user_id`,
      progress,
      2,
    );
  const txid = async (tx: Executor) =>
    ((await tx.execute(sql`select txid_current()::text as id`)) as unknown as { rows: { id: string }[] })
      .rows[0]?.id;

  it('writes every reachable user once, one transaction per batch, reporting how far it got', async () => {
    await t.db.execute(sql`delete from audience_probe`);
    const cursors: string[] = [];
    const transactions = new Set<string | undefined>();
    const written = await write('', async (tx, cursor) => {
      cursors.push(cursor);
      transactions.add(await txid(tx));
    });
    expect([...written].sort()).toEqual(reachable);
    expect(await probeRows()).toEqual(reachable);
    const batchEnds = reachable.filter((_, i) => i % 2 === 1 || i === reachable.length - 1);
    expect(cursors).toEqual(batchEnds);
    expect(transactions.size).toBe(batchEnds.length);
  });

  it('keeps the batches written before a failure, and resumes after the last cursor without duplicates', async () => {
    await t.db.execute(sql`delete from audience_probe`);
    const failing = write('', async (_tx, cursor) => {
      if (cursor !== reachable[1]) throw new Error('stopped mid-way');
    });
    await expect(failing).rejects.toThrow('stopped mid-way');
    expect(await probeRows()).toEqual(reachable.slice(0, 2));

    // A resume that starts one batch early (its last progress was lost) rewrites nothing twice.
    const resumed = await write(reachable[0] as string, async () => undefined);
    expect([...resumed].sort()).toEqual(reachable.slice(2));
    expect(await probeRows()).toEqual(reachable);
  });
});
