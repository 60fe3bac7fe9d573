import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

/**
 * Row-level triggers that keep counters and rollups, on the tables a seed fills by the hundred thousand,
 * with the statements that rebuild what they keep in one pass (the same as their migrations' backfills).
 * Inside one transaction every trigger call updates the same few counter rows again, and each update
 * walks all the earlier versions of that row: 200,000 locations took 39 minutes that way.
 */
const REBUILDS: { table: string; trigger: string; counters: string; rebuild: string[] }[] = [
  {
    table: 'users',
    trigger: 'users_row_counts',
    counters: 'users.%',
    rebuild: [
      `insert into row_counts (counter, shard, n)
       select name, 0, count(*) from users, unnest(users_counter_names(is_admin, is_online, deleted_at)) as name
       group by name`,
    ],
  },
  {
    table: 'likes',
    trigger: 'likes_row_counts',
    counters: 'likes.%',
    rebuild: [
      `insert into row_counts (counter, shard, n)
       select name, 0, count(*) from likes, unnest(array['likes.total', 'likes.' || target_type]) as name
       group by name`,
    ],
  },
  {
    table: 'friend_requests',
    trigger: 'friend_requests_row_counts',
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
    trigger: 'follows_row_counts',
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
    trigger: 'geolocations_rollup',
    counters: 'geolocations.%',
    rebuild: [
      `insert into row_counts (counter, shard, n) select 'geolocations.total', 0, count(*) from geolocations`,
      'delete from geolocation_places',
      `insert into geolocation_places (country, city, visits, latitude_sum, longitude_sum)
       select country, city, count(*), sum(latitude), sum(longitude) from geolocations group by country, city`,
    ],
  },
];

/**
 * Runs a bulk load with those triggers off, then rebuilds their counters and rollups from the rows and
 * turns them back on, all in the caller's transaction.
 */
export async function withCountersRebuilt<T>(tx: Executor, load: () => Promise<T>): Promise<T> {
  for (const { table, trigger } of REBUILDS)
    await tx.execute(sql.raw(`alter table ${table} disable trigger ${trigger}`));
  const result = await load();
  for (const { table, trigger, counters, rebuild } of REBUILDS) {
    await tx.execute(sql`delete from row_counts where counter like ${counters}`);
    for (const statement of rebuild) await tx.execute(sql.raw(statement));
    await tx.execute(sql.raw(`alter table ${table} enable trigger ${trigger}`));
  }
  return result;
}
