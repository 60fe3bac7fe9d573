import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { systemLogs } from '../../db/schema/system.ts';
import { openTestDatabase } from '../../testing/test-database.ts';
import { createSystemLogStream, droppedSystemLogLines } from './system-log-stream.ts';

/** Issue #27 finding 11: one bad line must never stop the Logs screen from filling. */
describe('the system-log sink', () => {
  let database: DatabaseHandle;
  const printed: string[] = [];
  const stored = async () =>
    (await database.db.select().from(systemLogs)).map((r) => ({
      message: r.message,
      ip: r.ipAddress,
      details: r.details,
    }));
  const line = (fields: Record<string, unknown>) => `${JSON.stringify({ level: 50, ...fields })}\n`;
  const dropped = async () => (await droppedSystemLogLines.get()).values[0]?.value ?? 0;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('stores text PostgreSQL cannot hold once made storable: no NUL, no lone surrogate, no bad address', async () => {
    const stream = createSystemLogStream(database.db, { write: (l) => printed.push(l) });
    stream.write(
      line({ msg: 'search "\u0000" failed', ip: 'not-an-ip', 'key\u0000': 'a\ud800b', nested: ['\u0000x'] }),
    );
    await stream.close();
    expect(await stored()).toEqual([
      { message: 'search "" failed', ip: null, details: { key: 'a\ufffdb', nested: ['x'] } },
    ]);
  });

  it('drops a line the database refuses on its own and counts it; the lines around it and after it are saved', async () => {
    await database.db.execute(sql`delete from system_logs`);
    // Any row the database refuses stands in for a poison line the sanitising cannot foresee.
    await database.db.execute(
      sql`alter table system_logs add constraint test_poison check (message <> 'poison')`,
    );
    const before = await dropped();
    const stream = createSystemLogStream(database.db, { write: (l) => printed.push(l) });
    stream.write(line({ msg: 'first' }));
    stream.write(line({ msg: 'poison' }));
    stream.write(line({ msg: 'second' }));
    await stream.flush();
    expect((await stored()).map((r) => r.message).sort()).toEqual(['first', 'second']);
    expect(await dropped()).toBe(before + 1);
    stream.write(line({ msg: 'later' }));
    await stream.close();
    expect((await stored()).map((r) => r.message).sort()).toEqual(['first', 'later', 'second']);
  });

  it('never throws into the logger for a line too deep to serialise', async () => {
    const stream = createSystemLogStream(database.db, { write: () => undefined });
    let deep = '1';
    for (let i = 0; i < 20_000; i++) deep = `{"a":${deep}}`;
    expect(() => stream.write(`{"level":50,"msg":"deep","d":${deep}}\n`)).not.toThrow();
    await stream.close();
  });
});
