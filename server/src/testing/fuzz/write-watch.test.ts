import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { insertUser } from '../test-app.ts';
import { openTestDatabase } from '../test-database.ts';
import { changedTables, writeWatch } from './write-watch.ts';

/** The fuzzer's "a refused request writes nothing" rests on this watch seeing every committed write. */
describe('the fuzzer write watch', () => {
  let database: DatabaseHandle;
  let watch: Awaited<ReturnType<typeof writeWatch>>;

  beforeAll(async () => {
    database = await openTestDatabase();
    watch = await writeWatch(database.db);
  });
  afterAll(() => database.close());

  it('names the table an insert, an update, a delete or a truncation wrote to', async () => {
    let before = await watch();
    const user = await insertUser(database.db, { username: 'watched' });
    expect(changedTables(before, await watch())).toEqual(['users']);

    before = await watch();
    await database.db.execute(sql`update users set full_name = 'Renamed' where id = ${user.id}`);
    expect(changedTables(before, await watch())).toEqual(['users']);

    before = await watch();
    await database.db.execute(sql`delete from users where id = ${user.id}`);
    expect(changedTables(before, await watch())).toEqual(['users']);

    before = await watch();
    await database.db.execute(sql`truncate table blocked_ips cascade`);
    expect(changedTables(before, await watch())).toContain('blocked_ips');
  });

  it('sees nothing from a rolled-back write, a read, or a table refusals write to on purpose', async () => {
    const before = await watch();
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into users (username, email) values ('gone', 'gone@example.test')`);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await database.db.execute(sql`select count(*) from users`);
    await database.db.execute(
      sql`insert into security_events (event_type, severity, description) values ('login_failed', 'low', 'x')`,
    );
    expect(changedTables(before, await watch())).toEqual([]);
  });
});
