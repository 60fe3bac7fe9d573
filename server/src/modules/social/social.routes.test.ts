import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, friendRequests, likes } from '../../db/schema/social.ts';
import { users } from '../../db/schema/users.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';

const minutesAgo = (n: number) => new Date(Date.parse('2026-06-01T12:00:00Z') - n * 60_000);

describe('social summary and lists', () => {
  let t: TestApp;
  let auth: { authorization: string };
  const ids: string[] = [];
  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: auth });
    return { status: res.statusCode, body: res.json() };
  };

  beforeAll(async () => {
    t = await createTestApp();
    auth = await t.authHeader(await insertUser(t.db, { username: 'boss', isAdmin: true }));
    for (let i = 0; i < 30; i++)
      ids.push((await insertUser(t.db, { username: `u${String(i).padStart(2, '0')}` })).id);
    const id = (i: number) => ids[i] as string;
    // 45 likes: u00 likes 45 targets, every third a post, the rest profiles (30 profiles, 15 posts).
    await t.db.insert(likes).values(
      Array.from({ length: 45 }, (_, i) => ({
        userId: id(0),
        targetType: i % 3 === 2 ? ('post' as const) : ('profile' as const),
        targetId: `t${i}`,
        createdAt: minutesAgo(i),
      })),
    );
    // Friend requests from u01 to u02..u11: 4 accepted, 3 pending, 3 declined.
    await t.db.insert(friendRequests).values(
      Array.from({ length: 10 }, (_, i) => ({
        senderId: id(1),
        receiverId: id(i + 2),
        status: i < 4 ? ('accepted' as const) : i < 7 ? ('pending' as const) : ('declined' as const),
        message: `hi ${i}`,
        createdAt: minutesAgo(i),
      })),
    );
    // u03 follows u04..u28 (25 follows); u04 and u05 follow u03 back: 27 follows, 2 mutual pairs.
    await t.db.insert(follows).values(
      Array.from({ length: 25 }, (_, i) => ({
        followerId: id(3),
        followingId: id(i + 4),
        createdAt: minutesAgo(i),
      })),
    );
    await t.db.insert(follows).values([
      { followerId: id(4), followingId: id(3), createdAt: minutesAgo(100) },
      { followerId: id(5), followingId: id(3), createdAt: minutesAgo(101) },
    ]);
    await t.db.execute(sql`update ${users} set is_premium = true where username in ('u07', 'u08')`);
    await t.db.execute(
      sql`update ${users} set created_at = now() - interval '30 days' where username <> 'u29'`,
    );
  });
  afterAll(() => t.close());

  it('sums the social activity from the counters', async () => {
    const { status, body } = await get('admin/social/summary');
    expect(status).toBe(200);
    expect(body.data).toEqual({
      total_likes_given: 45,
      total_likes_received: 30,
      total_friends: 4,
      pending_friend_requests: 3,
      total_followers: 27,
      total_following: 27,
      mutual_friends: 2,
    });
  });

  it('pages likes 20 at a time, newest first, and page 2 holds the next 20', async () => {
    const first = await get('social/likes?page=1&size=20');
    expect(first.body.data).toMatchObject({ total: 45, page: 1, size: 20 });
    expect(first.body.data.likes).toHaveLength(20);
    expect(first.body.data.likes[0]).toMatchObject({
      target_id: 't0',
      user_id: ids[0],
      username: 'u00',
      target_type: 'profile',
      // A profile like names the liked user; 't0' is no user.
      target_username: null,
    });
    const second = await get('social/likes?page=2&size=20');
    expect(second.body.data.likes.map((l: { target_id: string }) => l.target_id)[0]).toBe('t20');
    const third = await get('social/likes?page=3&size=20');
    expect(third.body.data.likes).toHaveLength(5);
    const posts = await get('social/likes?target_type=post');
    expect(posts.body.data.total).toBe(15);
    expect(posts.body.data.likes.every((l: { target_type: string }) => l.target_type === 'post')).toBe(true);
    expect((await get('social/likes?target_type=call')).body.data).toMatchObject({ total: 0, likes: [] });
  });

  it('filters friend requests by status with the matching total', async () => {
    const pending = await get('social/friend-requests?status=pending');
    expect(pending.body.data.total).toBe(3);
    expect(
      pending.body.data.friend_requests.map((r: { receiver_username: string }) => r.receiver_username),
    ).toEqual(['u06', 'u07', 'u08']);
    expect(pending.body.data.friend_requests[0]).toMatchObject({
      sender_id: ids[1],
      sender_username: 'u01',
      receiver_id: ids[6],
      status: 'pending',
      message: 'hi 4',
      is_read: false,
    });
    expect((await get('social/friend-requests')).body.data.total).toBe(10);
    expect((await get('social/friend-requests?status=declined')).body.data.total).toBe(3);
  });

  it('lists follows in the following direction, second page continuing the first', async () => {
    const first = await get('social/follows?direction=following&page=1');
    expect(first.body.data.total).toBe(27);
    expect(first.body.data.follows[0]).toMatchObject({
      follower_username: 'u03',
      following_username: 'u04',
      follow_type: 'user',
    });
    const second = await get('social/follows?direction=following&page=2');
    expect(second.body.data.follows).toHaveLength(7);
    expect(second.body.data.follows.at(-1)).toMatchObject({
      follower_username: 'u05',
      following_username: 'u03',
    });
    expect((await get('social/follows?direction=followers')).status).toBe(400);
  });

  it('searches users and filters new and premium', async () => {
    const all = await get('social/search');
    expect(all.body.data.total).toBe(31);
    const search = await get('social/search?query=u0');
    expect(search.body.data).toMatchObject({ total: 10, total_capped: false });
    const premium = await get('social/search?user_type=premium');
    expect(premium.body.data.users.map((u: { username: string }) => u.username).sort()).toEqual([
      'u07',
      'u08',
    ]);
    expect(premium.body.data.users[0]).toMatchObject({
      is_premium: true,
      location: null,
      profile_picture: null,
    });
    const fresh = await get('social/search?user_type=new');
    expect(fresh.body.data.users.map((u: { username: string }) => u.username).sort()).toEqual(['u29']);
    expect((await get('social/search?query=100%25')).body.data.total).toBe(0);
  });

  it('refuses page 0, size 0 or above 100 and pages past the first 10,000 rows with a 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['social/likes?page=0', 'page'],
      ['social/likes?size=1000', 'size'],
      ['social/friend-requests?size=0', 'size'],
      ['social/follows?page=999999', 'page'],
      ['social/search?page=501&size=20', 'page'],
      ['social/likes?page=abc', 'page'],
    ];
    for (const [url, field] of cases) {
      const res = await get(url);
      expect(res.status, url).toBe(400);
      expect(res.body.success).toBe(false);
      expect(JSON.stringify(res.body.errors), url).toContain(field);
    }
    const last = await get('social/likes?page=500&size=20');
    expect(last.status).toBe(200);
    expect(last.body.data.likes).toEqual([]);
  });

  it('needs a signed-in admin', async () => {
    for (const url of [
      'admin/social/summary',
      'social/search',
      'social/likes',
      'social/friend-requests',
      'social/follows',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/${url}` });
      expect(res.statusCode, url).toBe(401);
    }
  });
});
