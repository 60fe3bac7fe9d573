import { COIN_TRANSACTION_TYPES } from '@switchboard/contract/coins';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertUser } from '../testing/test-app.ts';
import { useTestDatabase } from '../testing/use-test-database.ts';
import { pgErrorCode } from './pg-errors.ts';
import { CALL_SIDES, CALL_STATUSES, CALL_TYPES } from './schema/calls.ts';
import {
  NOTIFICATION_AUDIENCES,
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_STATUSES,
  NOTIFICATION_TYPES,
} from './schema/notifications.ts';
import {
  OFFICIAL_MESSAGE_PRIORITIES,
  OFFICIAL_MESSAGE_STATUSES,
  OFFICIAL_MESSAGE_TYPES,
} from './schema/official-messages.ts';

const database = useTestDatabase();
const { rows } = database;

async function errorCode(run: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await run();
  } catch (error) {
    return pgErrorCode(error);
  }
  return 'no error';
}

/** The quoted literals in a CHECK constraint, which for an enum CHECK are its allowed values. */
async function checkValues(constraint: string): Promise<string[]> {
  const [row] = await rows<{ definition: string }>(
    sql`select pg_get_constraintdef(oid) as definition from pg_constraint where conname = ${constraint} and contype = 'c'`,
  );
  if (!row) throw new Error(`no CHECK constraint ${constraint}`);
  return [...row.definition.matchAll(/'([^']*)'/g)].map((m) => m[1] as string).sort();
}

describe('enum CHECK constraints', () => {
  const enums: [string, readonly string[]][] = [
    ['coin_transactions_type_check', COIN_TRANSACTION_TYPES],
    ['calls_type_check', CALL_TYPES],
    ['calls_status_check', CALL_STATUSES],
    ['call_quality_samples_side_check', CALL_SIDES],
    ['notifications_type_check', NOTIFICATION_TYPES],
    ['notifications_priority_check', NOTIFICATION_PRIORITIES],
    ['notifications_target_audience_check', NOTIFICATION_AUDIENCES],
    ['notifications_status_check', NOTIFICATION_STATUSES],
    ['official_messages_type_check', OFFICIAL_MESSAGE_TYPES],
    ['official_messages_priority_check', OFFICIAL_MESSAGE_PRIORITIES],
    ['official_messages_status_check', OFFICIAL_MESSAGE_STATUSES],
  ];
  it.each(enums)('%s allows exactly the values the code uses', async (constraint, values) => {
    expect(await checkValues(constraint)).toEqual([...values].sort());
  });
});

describe('calls', () => {
  it('refuses an unknown status, quality above 5, a duration over an hour and a negative cost', async () => {
    const insert = (columns: string) => () =>
      database.handle.db.execute(
        sql.raw(
          `insert into calls (type, status, duration, quality, cost, started_at) values (${columns}, now())`,
        ),
      );
    expect(await errorCode(insert(`'voice', 'lost', 0, null, 0`))).toBe('23514');
    expect(await errorCode(insert(`'voice', 'completed', 10, 5.5, 0`))).toBe('23514');
    expect(await errorCode(insert(`'voice', 'completed', 3601, 4, 0`))).toBe('23514');
    expect(await errorCode(insert(`'voice', 'completed', 10, 4, -1`))).toBe('23514');
  });

  it('keeps call_daily_stats (poor-quality calls too) and call_totals equal to the calls, through inserts, status changes and deletes', async () => {
    const a = await insertUser(database.handle.db, { username: 'statcaller' });
    const b = await insertUser(database.handle.db, { username: 'statcallee' });
    await database.handle.db.execute(sql`insert into calls (caller_id, callee_id, type, status, duration, quality, cost, coins_used, started_at)
      values (${a.id}, ${b.id}, 'voice', 'completed', 120, 4.5, 0.04, 2, '2026-01-05T10:00:00Z'),
             (${a.id}, ${b.id}, 'voice', 'completed', 60, 2.5, 0.02, 1, '2026-01-05T23:30:00Z'),
             (${b.id}, ${a.id}, 'video', 'ringing', 0, null, 0, 0, '2026-01-06T08:00:00Z')`);
    await database.handle.db.execute(
      sql`update calls set status = 'active', quality = 2 where status = 'ringing'`,
    );
    await database.handle.db.execute(sql`delete from calls where duration = 60`);
    const stats = await rows<Record<string, unknown>>(sql`
      select day::text, type, status, call_count::int, total_duration::int, revenue::float8 as revenue,
             coins_used::int, quality_sum, quality_count::int, poor_quality_count::int
      from call_daily_stats where call_count <> 0 order by day, type, status`);
    expect(stats).toEqual([
      {
        day: '2026-01-05',
        type: 'voice',
        status: 'completed',
        call_count: 1,
        total_duration: 120,
        revenue: 0.04,
        coins_used: 2,
        quality_sum: 4.5,
        quality_count: 1,
        poor_quality_count: 0,
      },
      {
        day: '2026-01-06',
        type: 'video',
        status: 'active',
        call_count: 1,
        total_duration: 0,
        revenue: 0,
        coins_used: 0,
        quality_sum: 2,
        quality_count: 1,
        poor_quality_count: 1,
      },
    ]);
    const totals = await rows<Record<string, unknown>>(sql`
      select type, status, call_count::int, total_duration::int, revenue::float8 as revenue,
             coins_used::int, quality_sum, quality_count::int
      from call_totals where call_count <> 0 order by type, status`);
    expect(totals).toEqual([
      {
        type: 'video',
        status: 'active',
        call_count: 1,
        total_duration: 0,
        revenue: 0,
        coins_used: 0,
        quality_sum: 2,
        quality_count: 1,
      },
      {
        type: 'voice',
        status: 'completed',
        call_count: 1,
        total_duration: 120,
        revenue: 0.04,
        coins_used: 2,
        quality_sum: 4.5,
        quality_count: 1,
      },
    ]);
  });
});

describe('message recipients', () => {
  it('keeps total_recipients and read_count on the message as recipients arrive and read', async () => {
    const users = await Promise.all(
      [1, 2, 3].map((i) => insertUser(database.handle.db, { username: `reader${i}` })),
    );
    const [notification] = await rows<{ id: number }>(
      sql`insert into notifications (title, message, status) values ('Hi', 'Hello', 'sent') returning id`,
    );
    const [message] = await rows<{ id: number }>(
      sql`insert into official_messages (title, content, status) values ('News', 'Body', 'sent') returning id`,
    );
    for (const user of users) {
      await database.handle.db.execute(
        sql`insert into notification_recipients (notification_id, user_id) values (${notification?.id}, ${user.id})`,
      );
      await database.handle.db.execute(
        sql`insert into official_message_recipients (message_id, user_id) values (${message?.id}, ${user.id})`,
      );
    }
    await database.handle.db.execute(
      sql`update notification_recipients set read_at = now() where user_id <> ${users[0]?.id}`,
    );
    await database.handle.db.execute(
      sql`update official_message_recipients set read_at = now(), acknowledged_at = now() where user_id = ${users[0]?.id}`,
    );
    expect(await rows(sql`select total_recipients, read_count from notifications`)).toEqual([
      { total_recipients: 3, read_count: 2 },
    ]);
    expect(
      await rows(sql`select total_recipients, read_count, acknowledged_count from official_messages`),
    ).toEqual([{ total_recipients: 3, read_count: 1, acknowledged_count: 1 }]);
    // Recipient rows keep their user: deleting a recipient user is refused, so past totals cannot shrink.
    const code = await errorCode(() =>
      database.handle.db.execute(sql`delete from users where id = ${users[1]?.id}`),
    );
    expect(['23503', '23001']).toContain(code);
  });

  it('refuses an unknown notification priority and an unknown official message status', async () => {
    expect(
      await errorCode(() =>
        database.handle.db.execute(
          sql`insert into notifications (title, message, priority) values ('a', 'b', 'extreme')`,
        ),
      ),
    ).toBe('23514');
    expect(
      await errorCode(() =>
        database.handle.db.execute(
          sql`insert into official_messages (title, content, status) values ('a', 'b', 'gone')`,
        ),
      ),
    ).toBe('23514');
  });
});
