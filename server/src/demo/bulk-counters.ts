import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

/**
 * Row-level triggers that keep counters and rollups, on the tables a seed fills by the hundred thousand,
 * with the statements that rebuild what they keep in one pass (the same as their migrations' backfills).
 * Inside one transaction every trigger call updates the same few counter rows again, and each update
 * walks all the earlier versions of that row: 200,000 locations took 39 minutes that way.
 */
const REBUILDS: { table: string; triggers: string[]; counters: string; rebuild: string[] }[] = [
  {
    table: 'users',
    triggers: ['users_row_counts'],
    counters: 'users.%',
    rebuild: [
      `insert into row_counts (counter, shard, n)
       select name, 0, count(*) from users, unnest(users_counter_names(is_admin, is_online, deleted_at)) as name
       group by name`,
    ],
  },
  {
    table: 'likes',
    triggers: ['likes_row_counts'],
    counters: 'likes.%',
    rebuild: [
      `insert into row_counts (counter, shard, n)
       select name, 0, count(*) from likes, unnest(array['likes.total', 'likes.' || target_type]) as name
       group by name`,
    ],
  },
  {
    table: 'friend_requests',
    triggers: ['friend_requests_row_counts'],
    counters: 'friend_requests.%',
    rebuild: [
      `insert into row_counts (counter, shard, n)
       select name, 0, count(*) from friend_requests,
         unnest(array['friend_requests.total', 'friend_requests.' || status]) as name
       group by name`,
    ],
  },
  {
    table: 'follows',
    triggers: ['follows_row_counts'],
    counters: 'follows.%',
    rebuild: [
      `insert into row_counts (counter, shard, n) select 'follows.total', 0, count(*) from follows`,
      `insert into row_counts (counter, shard, n)
       select 'follows.mutual', 0, count(*) from follows a
       where a.follower_id < a.following_id
         and exists (select 1 from follows b where b.follower_id = a.following_id and b.following_id = a.follower_id)`,
    ],
  },
  {
    table: 'geolocations',
    triggers: ['geolocations_rollup'],
    counters: 'geolocations.%',
    rebuild: [
      `insert into row_counts (counter, shard, n) select 'geolocations.total', 0, count(*) from geolocations`,
      'delete from geolocation_places',
      `insert into geolocation_places (country, city, visits, latitude_sum, longitude_sum)
       select country, city, count(*), sum(latitude), sum(longitude) from geolocations group by country, city`,
    ],
  },
  ...(['system_logs', 'user_reports', 'audit_log', 'blocked_ips'] as const).map((table) => ({
    table,
    triggers: [`${table}_row_counts`],
    counters: `${table}.%`,
    rebuild: [categorised(table, { system_logs: 'level', user_reports: 'status' }[table as string])],
  })),
  {
    table: 'security_events',
    triggers: ['security_events_row_counts', 'security_events_open_counts'],
    counters: 'security_events.%',
    rebuild: [
      categorised('security_events', 'severity'),
      categorised('security_events.resolved', 'resolved', 'security_events'),
    ],
  },
];

/** `<prefix>.total` and `<prefix>.<column value>`, as categorised_row_counts() keeps them. */
function categorised(prefix: string, column?: string, table = prefix): string {
  const total = `select '${prefix}.total' as name, count(*) as n from ${table}`;
  const byValue = column
    ? `select '${prefix}.' || ${column}::text, count(*) from ${table} group by ${column}`
    : '';
  return `insert into row_counts (counter, shard, n)
    select name, 0, n from (${[total, byValue].filter(Boolean).join(' union all ')}) c where n > 0`;
}

/**
 * Runs a bulk load with those triggers off, then rebuilds their counters and rollups from the rows and
 * turns them back on, all in the caller's transaction.
 */
export async function withCountersRebuilt<T>(tx: Executor, load: () => Promise<T>): Promise<T> {
  for (const { table, triggers } of REBUILDS)
    for (const trigger of triggers)
      await tx.execute(sql.raw(`alter table ${table} disable trigger ${trigger}`));
  const result = await load();
  for (const { table, triggers, counters, rebuild } of REBUILDS) {
    await tx.execute(sql`delete from row_counts where counter like ${counters}`);
    for (const statement of rebuild) await tx.execute(sql.raw(statement));
    for (const trigger of triggers)
      await tx.execute(sql.raw(`alter table ${table} enable trigger ${trigger}`));
  }
  return result;
}
