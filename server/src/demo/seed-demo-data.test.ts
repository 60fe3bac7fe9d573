import { DEMO_ADMIN } from '@switchboard/contract/demo-admin';
import { SECURITY_EVENT_TYPES } from '@switchboard/contract/security-events';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { verifyPassword } from '../modules/users/password.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { seedDemoData, seedDemoDataIfEmpty } from './seed-demo-data.ts';

const NOW = new Date('2026-06-15T18:30:00Z');
const DAY = 86_400_000;

async function one<T>(db: Database, query: ReturnType<typeof sql>): Promise<T> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows[0] as T;
}
async function values(db: Database, query: ReturnType<typeof sql>): Promise<string[]> {
  const result = (await db.execute(query)) as unknown as { rows: { v: string }[] };
  return result.rows.map((r) => r.v).sort();
}

describe('demo data at the default scale', () => {
  let handle: DatabaseHandle;
  let db: Database;
  beforeAll(async () => {
    handle = await openTestDatabase();
    db = handle.db;
    await seedDemoData(db, { scale: 'default', now: NOW });
  }, 120_000);
  afterAll(() => handle?.close());

  it('has about 2,000 users, none online (no one is connected), 3% inactive, and 30,000 calls', async () => {
    const r = await one<{ users: number; online: number; inactive: number; premium: number; calls: number }>(
      db,
      sql`select count(*)::int as users, count(*) filter (where is_online)::int as online,
            count(*) filter (where not is_active)::int as inactive, count(*) filter (where is_premium)::int as premium,
            (select count(*)::int from calls) as calls
          from users`,
    );
    expect(r.users).toBeGreaterThanOrEqual(2_000);
    expect(r.users).toBeLessThan(2_010);
    expect(r.online).toBe(0);
    expect(r.inactive / r.users).toBeGreaterThan(0.015);
    expect(r.inactive / r.users).toBeLessThan(0.045);
    expect(r.premium / r.users).toBeGreaterThan(0.12);
    expect(r.calls).toBe(30_000);
  });

  it('has some deleted users, never online, and users and ledger counters equal to a real count', async () => {
    const r = await one<{ deleted: number; deleted_online: number; mismatches: number }>(
      db,
      sql`select
            (select count(*)::int from users where deleted_at is not null) as deleted,
            (select count(*)::int from users where deleted_at is not null and is_online) as deleted_online,
            (select count(*)::int from (
              select c.counter, coalesce(sum(c.n), 0) as n from row_counts c
              where c.counter like 'users.%' or c.counter like 'coin\_transactions.%' group by c.counter
            ) counted full join (
              select 'users.total' as counter, count(*) filter (where deleted_at is null) as n from users
              union all select 'users.online', count(*) filter (where deleted_at is null and is_online) from users
              union all select 'users.offline', count(*) filter (where deleted_at is null and not is_online) from users
              union all select 'users.admins', count(*) filter (where deleted_at is null and is_admin) from users
              union all select 'users.deleted', count(*) filter (where deleted_at is not null) from users
              union all select 'coin_transactions.total', count(*) from coin_transactions
              union all select 'coin_transactions.' || transaction_type, count(*) from coin_transactions group by 1
            ) actual using (counter)
            -- A counter no row has touched (users.online, with no one online) has no shard yet: it reads 0.
            where coalesce(counted.n, 0) is distinct from coalesce(actual.n, 0)) as mismatches`,
    );
    expect(r.deleted).toBeGreaterThan(5);
    expect(r.deleted_online).toBe(0);
    expect(r.mismatches).toBe(0);
  });

  it('has the demo root admin, who can sign in with the demo password, and three more admins', async () => {
    const rows = (await db.execute(
      sql`select username, is_root_admin, is_active, password_hash from users where is_admin order by username`,
    )) as unknown as {
      rows: { username: string; is_root_admin: boolean; is_active: boolean; password_hash: string }[];
    };
    expect(rows.rows).toHaveLength(4);
    const root = rows.rows.filter((r) => r.is_root_admin);
    expect(root.map((r) => r.username)).toEqual([DEMO_ADMIN.username]);
    expect(root[0]?.is_active).toBe(true);
    expect(await verifyPassword(root[0]?.password_hash ?? '', DEMO_ADMIN.password)).toBe(true);
  });

  it("keeps every user's coin totals equal to their ledger, whose running balance never goes below zero", async () => {
    const r = await one<{
      entries: number;
      mismatched: number;
      wrong_username: number;
      negative: number;
      not_running: number;
    }>(
      db,
      sql`select
        (select count(*)::int from coin_transactions) as entries,
        (select count(*)::int from users u left join coin_accounts a on a.user_id = u.id left join (
            select user_id, sum(amount) as balance, sum(greatest(amount, 0)) as earned, -sum(least(amount, 0)) as spent
            from coin_transactions group by user_id) l on l.user_id = u.id
          where coalesce(a.balance, 0) <> coalesce(l.balance, 0) or coalesce(a.total_earned, 0) <> coalesce(l.earned, 0)
             or coalesce(a.total_spent, 0) <> coalesce(l.spent, 0)) as mismatched,
        (select count(*)::int from coin_transactions t join users u on u.id = t.user_id
          where t.username <> u.username) as wrong_username,
        (select count(*)::int from coin_transactions where balance_after < 0) as negative,
        (select count(*)::int from (
            select balance_after, sum(amount) over (partition by user_id order by created_at, id) as running
            from coin_transactions) x where x.balance_after <> x.running) as not_running`,
    );
    expect(r.entries).toBeGreaterThan(20_000);
    expect(r).toMatchObject({ mismatched: 0, wrong_username: 0, negative: 0, not_running: 0 });
    const types = await values(db, sql`select distinct transaction_type as v from coin_transactions`);
    expect(types).toEqual(['bonus', 'earn', 'penalty', 'spend', 'transfer']);
  });

  it('spreads calls over 90 days with every status, busier evenings, and live calls started minutes ago', async () => {
    const r = await one<{
      oldest: number;
      newest: number;
      evening: number;
      night: number;
      failed: number;
      missed: number;
    }>(
      db,
      sql`select extract(epoch from min(started_at))::float8 * 1000 as oldest, extract(epoch from max(started_at))::float8 * 1000 as newest,
            count(*) filter (where extract(hour from started_at at time zone 'UTC') between 19 and 21)::int as evening,
            count(*) filter (where extract(hour from started_at at time zone 'UTC') between 3 and 5)::int as night,
            count(*) filter (where status = 'failed')::int as failed, count(*) filter (where status = 'missed')::int as missed
          from calls`,
    );
    expect(NOW.getTime() - r.oldest).toBeGreaterThan(89 * DAY);
    expect(NOW.getTime() - r.oldest).toBeLessThanOrEqual(90 * DAY);
    expect(r.newest).toBeLessThanOrEqual(NOW.getTime());
    expect(r.evening).toBeGreaterThan(r.night * 4);
    expect(r.failed / 30_000).toBeCloseTo(0.04, 1);
    expect(r.missed / 30_000).toBeCloseTo(0.08, 1);
    // No frozen live calls: a ringing or active call comes from live traffic only.
    expect(await values(db, sql`select distinct status as v from calls`)).toEqual([
      'completed',
      'ended',
      'failed',
      'missed',
    ]);
  });

  it('prices answered calls by the minute and leaves missed calls free', async () => {
    const r = await one<{ inconsistent: number; samples: number }>(
      db,
      sql`select count(*) filter (where coins_used <> ceil(duration / 60.0) * case type when 'voice' then 1 when 'video' then 2 else 3 end
              or (status = 'missed' and (duration <> 0 or cost <> 0)) or duration > 3600
              or quality < 0 or quality > 5)::int as inconsistent,
            (select count(distinct call_id)::int from call_quality_samples) as samples
          from calls`,
    );
    expect(r.inconsistent).toBe(0);
    expect(r.samples).toBeGreaterThan(50);
  });

  it('fills the rollups and counters the triggers keep, in agreement with the rows they summarise', async () => {
    const r = await one<{
      stats_off: number;
      stats_rows: number;
      totals_off: number;
      notifications_off: number;
      messages_off: number;
      unnamed: number;
    }>(
      db,
      sql`select
        (select count(*)::int from (
            select (started_at at time zone 'UTC')::date as day, type, status, count(*) as n, sum(duration) as d,
                   sum(cost) as r, count(quality) as q from calls group by 1, 2, 3) c
          full join call_daily_stats s using (day, type, status)
          where s.call_count is distinct from c.n or s.total_duration is distinct from c.d
             or s.revenue is distinct from c.r or s.quality_count is distinct from c.q) as stats_off,
        (select count(*)::int from call_daily_stats) as stats_rows,
        (select count(*)::int from (
            select type, status, count(*) as n, sum(duration) as d, sum(cost) as r from calls group by 1, 2) c
          full join call_totals t using (type, status)
          where t.call_count is distinct from c.n or t.total_duration is distinct from c.d
             or t.revenue is distinct from c.r) as totals_off,
        (select count(*)::int from notifications n left join (
            select notification_id, count(*) as total, count(read_at) as reads from notification_recipients group by 1) r
            on r.notification_id = n.id
          where n.total_recipients <> coalesce(r.total, 0) or n.read_count <> coalesce(r.reads, 0)) as notifications_off,
        (select count(*)::int from official_messages m left join (
            select message_id, count(*) as total, count(read_at) as reads, count(acknowledged_at) as acks
            from official_message_recipients group by 1) r on r.message_id = m.id
          where m.total_recipients <> coalesce(r.total, 0) or m.read_count <> coalesce(r.reads, 0)
             or m.acknowledged_count <> coalesce(r.acks, 0)) as messages_off,
        (select count(*)::int from calls c join users u on u.id = c.caller_id where c.caller_username <> u.username) as unnamed`,
    );
    expect(r.stats_rows).toBeGreaterThan(100);
    expect(r).toMatchObject({
      stats_off: 0,
      totals_off: 0,
      notifications_off: 0,
      messages_off: 0,
      unnamed: 0,
    });
  });

  it('keeps the social, geolocation and trust counters equal to a real count after the bulk load', async () => {
    const r = await one<{ mismatches: string[] | null }>(
      db,
      sql`select array_agg(counter || ': ' || coalesce(counted.n, 0) || ' counted, ' || coalesce(actual.n, 0) || ' real')
            as mismatches
          from (select counter, sum(n) as n from row_counts group by counter) counted
          full join (
            select 'likes.' || k as counter, count(*) as n from likes, unnest(array['total', target_type]) k group by 1
            union all select 'friend_requests.' || k, count(*) from friend_requests, unnest(array['total', status]) k group by 1
            union all select 'follows.total', count(*) from follows
            union all select 'geolocations.total', count(*) from geolocations
            union all select 'security_events.' || k, count(*) from security_events, unnest(array['total', severity]) k group by 1
            union all select 'security_events.resolved.' || k, count(*) from security_events,
              unnest(array['total', resolved::text]) k group by 1
            union all select 'system_logs.' || k, count(*) from system_logs, unnest(array['total', level]) k group by 1
            union all select 'user_reports.' || k, count(*) from user_reports, unnest(array['total', status]) k group by 1
            union all select 'audit_log.total', count(*) from audit_log
            union all select 'blocked_ips.total', count(*) from blocked_ips
          ) actual using (counter)
          where split_part(counter, '.', 1) in
              ('likes', 'friend_requests', 'follows', 'geolocations', 'security_events', 'system_logs',
               'user_reports', 'audit_log', 'blocked_ips')
            and counter <> 'follows.mutual'
            and coalesce(counted.n, 0) <> coalesce(actual.n, 0)`,
    );
    expect(r.mismatches).toBeNull();
  });

  it('has notifications, official messages and reports in every status, with recipients', async () => {
    expect(await values(db, sql`select distinct status as v from notifications`)).toEqual([
      'cancelled',
      'draft',
      'failed',
      'scheduled',
      'sent',
    ]);
    expect(await values(db, sql`select distinct status as v from official_messages`)).toEqual([
      'cancelled',
      'draft',
      'failed',
      'sending',
      'sent',
    ]);
    expect(await values(db, sql`select distinct status as v from user_reports`)).toEqual([
      'dismissed',
      'pending',
      'resolved',
      'reviewed',
    ]);
    expect(await values(db, sql`select distinct report_type as v from user_reports`)).toEqual([
      'fake_profile',
      'harassment',
      'inappropriate_content',
      'spam',
    ]);
    const r = await one<{
      read: number;
      unread: number;
      drafts_with_recipients: number;
      sent_without_recipients: number;
      acknowledged: number;
      ack_unread: number;
    }>(
      db,
      sql`select
        (select count(*)::int from notifications n where n.status = 'sent'
          and not exists (select 1 from notification_recipients r where r.notification_id = n.id)) as sent_without_recipients,
        (select count(*)::int from notification_recipients where read_at is not null) as read,
        (select count(*)::int from notification_recipients where read_at is null) as unread,
        (select count(*)::int from notification_recipients r join notifications n on n.id = r.notification_id
          where n.status <> 'sent') as drafts_with_recipients,
        (select count(*)::int from official_message_recipients where acknowledged_at is not null) as acknowledged,
        (select count(*)::int from official_message_recipients where acknowledged_at is not null and read_at is null) as ack_unread`,
    );
    expect(r.read).toBeGreaterThan(0);
    expect(r.unread).toBeGreaterThan(0);
    expect(r.drafts_with_recipients).toBe(0);
    expect(r.sent_without_recipients).toBe(0);
    expect(r.acknowledged).toBeGreaterThan(0);
    expect(r.ack_unread).toBe(0);
  });

  it('places locations near real cities, with every location type and some unknown accuracy', async () => {
    expect(await values(db, sql`select distinct location_type as v from geolocations`)).toEqual([
      'gps',
      'ip_address',
      'network',
    ]);
    const r = await one<{ countries: number; null_accuracy: number; tokyo_far: number }>(
      db,
      sql`select count(distinct country)::int as countries, count(*) filter (where accuracy is null)::int as null_accuracy,
            count(*) filter (where city = 'Tokyo' and (abs(latitude - 35.68) > 0.5 or abs(longitude - 139.65) > 0.5))::int as tokyo_far
          from geolocations`,
    );
    expect(r.countries).toBeGreaterThan(20);
    expect(r.null_accuracy).toBeGreaterThan(0);
    expect(r.tokyo_far).toBe(0);
  });

  it('builds a social graph without self-follows and with friend requests in every status', async () => {
    const r = await one<{ self: number; likes: number }>(
      db,
      sql`select (select count(*)::int from follows where follower_id = following_id) as self, (select count(*)::int from likes) as likes`,
    );
    expect(r.self).toBe(0);
    expect(r.likes).toBeGreaterThan(5_000);
    expect(await values(db, sql`select distinct status as v from friend_requests`)).toEqual([
      'accepted',
      'declined',
      'pending',
    ]);
    expect(await values(db, sql`select distinct severity as v from security_events`)).toEqual([
      'critical',
      'high',
      'low',
      'medium',
    ]);
    expect(await values(db, sql`select distinct level as v from system_logs`)).toEqual([
      'CRITICAL',
      'DEBUG',
      'ERROR',
      'INFO',
      'WARNING',
    ]);
  });

  it('gives the trust screens every kind of row: event types, blocked v4, v6 and ranges, an audit log', async () => {
    expect(await values(db, sql`select distinct event_type as v from security_events`)).toEqual(
      [...SECURITY_EVENT_TYPES].sort(),
    );
    const blocked = await values(
      db,
      sql`select distinct (case when masklen(ip_address) < case family(ip_address) when 4 then 32 else 128 end
        then 'range' else 'address' end) || family(ip_address) as v from blocked_ips`,
    );
    expect(blocked).toEqual(['address4', 'address6', 'range4', 'range6']);
    const audit = await one<{ n: number; actions: number; actors: number; counted: number }>(
      db,
      sql`select count(*)::int as n, count(distinct action)::int as actions,
        count(distinct actor_username)::int as actors,
        (select sum(n)::int from row_counts where counter = 'audit_log.total') as counted from audit_log`,
    );
    expect(audit).toMatchObject({ n: 1_500, counted: 1_500 });
    expect(audit.actions).toBeGreaterThan(10);
    expect(audit.actors).toBeGreaterThan(1);
  });

  it('seedDemoDataIfEmpty leaves a database with users alone', async () => {
    const before = await one<{ n: number }>(db, sql`select count(*)::int as n from users`);
    expect(await seedDemoDataIfEmpty(db, { now: NOW })).toBe(false);
    expect(await one<{ n: number }>(db, sql`select count(*)::int as n from users`)).toEqual(before);
  });
});

describe('demo data determinism', () => {
  /** A fingerprint of users, calls and the ledger. */
  async function fingerprint(): Promise<unknown> {
    const handle = await openTestDatabase();
    try {
      expect(await seedDemoDataIfEmpty(handle.db, { scale: 'test', now: NOW })).toBe(true);
      return await one(
        handle.db,
        sql`select
          (select md5(string_agg(concat_ws('|', id, username, email, full_name, extract(epoch from created_at)), ',' order by id)) from users) as users,
          (select md5(string_agg(concat_ws('|', id, caller_id, callee_id, status, duration, extract(epoch from started_at)), ',' order by id)) from calls) as calls,
          (select md5(string_agg(concat_ws('|', id, user_id, amount, balance_after, description), ',' order by id)) from coin_transactions) as coins,
          (select count(*)::int from users) as user_count`,
      );
    } finally {
      await handle.close();
    }
  }

  it('gives the same rows for the same seed and time', async () => {
    const first = await fingerprint();
    expect(first).toMatchObject({ user_count: 204 });
    expect(await fingerprint()).toEqual(first);
  }, 60_000);
});
