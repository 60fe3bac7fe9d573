import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../testing/test-app.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import type { Database, DatabaseHandle } from './client.ts';
import { readCounters } from './row-counts.ts';

/**
 * The social, geolocation and trust counters are kept by statement triggers, so a statement that writes
 * many rows at once (the seed, a purge, a bulk resolve) must move them exactly as many single-row ones.
 */
describe('counters kept by statement triggers', () => {
  let handle: DatabaseHandle;
  let db: Database;
  const ids: string[] = [];

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const countsBy = async (table: string, column: string, prefix: string) => {
    const grouped = await rows<{ k: string; n: number }>(
      sql.raw(`select ${column}::text as k, count(*)::int as n from ${table} group by 1`),
    );
    const total = grouped.reduce((sum, g) => sum + g.n, 0);
    return Object.fromEntries([[`${prefix}.total`, total], ...grouped.map((g) => [`${prefix}.${g.k}`, g.n])]);
  };
  const counters = (names: string[]) => readCounters(db, names);

  beforeAll(async () => {
    handle = await openTestDatabase();
    db = handle.db;
    for (let i = 0; i < 4; i++) ids.push((await insertUser(db, { username: `member${i}` })).id);
  });
  afterAll(() => handle.close());

  it('likes and friend requests: totals and per-category counts after multi-row inserts, updates and deletes', async () => {
    const [a, b, c, d] = ids as [string, string, string, string];
    await db.execute(sql`insert into likes (user_id, target_type, target_id) values
      (${a}, 'post', 'p1'), (${a}, 'post', 'p2'), (${b}, 'call', 'c1'), (${c}, 'profile', ${a})`);
    await db.execute(sql`update likes set target_type = 'message' where target_id in ('p1', 'c1')`);
    await db.execute(sql`delete from likes where target_id = 'p2'`);
    await db.execute(sql`insert into friend_requests (sender_id, receiver_id, status) values
      (${a}, ${b}, 'pending'), (${a}, ${c}, 'pending'), (${d}, ${a}, 'accepted')`);
    await db.execute(sql`update friend_requests set status = 'declined' where sender_id = ${a}`);

    const likes = await countsBy('likes', 'target_type', 'likes');
    expect(likes).toEqual({ 'likes.total': 3, 'likes.message': 2, 'likes.profile': 1 });
    expect(await counters([...Object.keys(likes), 'likes.post', 'likes.call'])).toEqual({
      ...likes,
      'likes.post': 0,
      'likes.call': 0,
    });
    const requests = await countsBy('friend_requests', 'status', 'friend_requests');
    expect(await counters([...Object.keys(requests), 'friend_requests.pending'])).toEqual({
      ...requests,
      'friend_requests.pending': 0,
    });
  });

  it('follows: a pair that follows each other is one mutual pair, also when both rows come in one statement', async () => {
    const [a, b, c, d] = ids as [string, string, string, string];
    await db.execute(sql`insert into follows (follower_id, following_id) values
      (${a}, ${b}), (${b}, ${a}), (${a}, ${c})`);
    expect(await counters(['follows.total', 'follows.mutual'])).toEqual({
      'follows.total': 3,
      'follows.mutual': 1,
    });

    await db.execute(sql`insert into follows (follower_id, following_id) values (${c}, ${a}), (${d}, ${a})`);
    expect(await counters(['follows.total', 'follows.mutual'])).toEqual({
      'follows.total': 5,
      'follows.mutual': 2,
    });

    // Both directions of a-b leave in one statement, with a->c whose reverse stays.
    await db.execute(
      sql`delete from follows where follower_id in (${a}, ${b}) and following_id in (${a}, ${b}, ${c})`,
    );
    const [real] = await rows<{ total: number; mutual: number }>(sql`select count(*)::int as total,
      (select count(*)::int from follows x where x.follower_id < x.following_id and exists
        (select 1 from follows y where y.follower_id = x.following_id and y.following_id = x.follower_id)) as mutual
      from follows`);
    expect(await counters(['follows.total', 'follows.mutual'])).toEqual({
      'follows.total': real?.total,
      'follows.mutual': real?.mutual,
    });
    expect(real).toEqual({ total: 2, mutual: 0 });
  });

  it('geolocations: the per-city rollup and the total follow inserts, moves and deletes of many rows', async () => {
    const [a, b] = ids as [string, string];
    await db.execute(sql`insert into geolocations (user_id, city, country, latitude, longitude, location_type) values
      (${a}, 'Lyon', 'France', 45.7, 4.8, 'gps'), (${b}, 'Lyon', 'France', 45.8, 4.9, 'gps'),
      (${a}, 'Paris', 'France', 48.8, 2.3, 'ip_address'), (${b}, 'Porto', 'Portugal', 41.1, -8.6, 'network')`);
    await db.execute(sql`update geolocations set city = 'Paris', latitude = 48.9, longitude = 2.4
      where city = 'Lyon' and latitude > 45.75`);
    await db.execute(sql`delete from geolocations where city = 'Porto'`);

    const places = await rows<{ country: string; city: string; visits: number; lat: number; lon: number }>(
      sql`select country, city, visits::int as visits, round(latitude_sum::numeric, 6)::float8 as lat,
        round(longitude_sum::numeric, 6)::float8 as lon from geolocation_places order by city`,
    );
    expect(places).toEqual([
      { country: 'France', city: 'Lyon', visits: 1, lat: 45.7, lon: 4.8 },
      { country: 'France', city: 'Paris', visits: 2, lat: 97.7, lon: 4.7 },
    ]);
    expect(await counters(['geolocations.total'])).toEqual({ 'geolocations.total': 3 });
  });

  it('security events: severity and open counts after a multi-row insert and a bulk resolve', async () => {
    await db.execute(sql`insert into security_events (event_type, severity, description) values
      ('login_failed', 'medium', 'x'), ('login_failed', 'high', 'y'), ('rate_limit_exceeded', 'low', 'z')`);
    await db.execute(sql`update security_events set resolved = true where severity <> 'high'`);

    const severity = await countsBy('security_events', 'severity', 'security_events');
    const open = await countsBy('security_events', 'resolved', 'security_events.resolved');
    expect(open).toEqual({
      'security_events.resolved.total': 3,
      'security_events.resolved.true': 2,
      'security_events.resolved.false': 1,
    });
    expect(await counters([...Object.keys(severity), ...Object.keys(open)])).toEqual({
      ...severity,
      ...open,
    });
  });
});
