import { APP_LIMITS } from '@switchboard/contract/account';
import { APP_ACTION_MESSAGES, appActionEndpoints } from '@switchboard/contract/app-actions';
import { fillPath } from '@switchboard/contract/endpoint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';
import { appApi, countRows, fieldError } from './testing/app-api.ts';

const NOBODY = '00000000-0000-4000-8000-000000000000';

describe('a calling app likes, befriends and follows', () => {
  let t: TestApp;
  let api: ReturnType<typeof appApi>;
  let ann: AdminPrincipal;
  let ben: AdminPrincipal;
  let annAuth: { authorization: string };
  let benAuth: { authorization: string };
  let adminAuth: { authorization: string };
  const rows = async (table: 'likes' | 'friend_requests' | 'follows') => countRows(t, table);

  beforeAll(async () => {
    t = await createTestApp();
    api = appApi(t);
    ann = await insertUser(t.db, { username: 'ann' });
    ben = await insertUser(t.db, { username: 'ben' });
    annAuth = await t.appAuthHeader(ann);
    benAuth = await t.appAuthHeader(ben);
    adminAuth = await t.authHeader(await insertUser(t.db, { username: 'watcher', isAdmin: true }));
  });
  afterAll(() => t.close());

  it('answers 401 without a token on every app action, and writes nothing', async () => {
    const endpoints = Object.values(appActionEndpoints);
    expect(endpoints.every((e) => e.access === 'user')).toBe(true);
    for (const e of endpoints) {
      const res = await api(
        e.method,
        fillPath(e.path, { id: 1, mark: 'read' }),
        {},
        e.method === 'POST' ? {} : undefined,
      );
      expect(res.statusCode, `${e.method} ${e.path}`).toBe(401);
    }
    expect(await rows('likes')).toBe(0);
  });

  it('likes a profile once, shows it on the Social screen, and unlikes it', async () => {
    const liked = await api('POST', '/users/likes', annAuth, { target_type: 'profile', target_id: ben.id });
    expect(liked.statusCode).toBe(201);
    expect(liked.json().data).toMatchObject({ target_type: 'profile', target_id: ben.id, is_active: true });
    expect(
      (await api('POST', '/users/likes', annAuth, { target_type: 'profile', target_id: ben.id })).statusCode,
    ).toBe(201);
    expect(
      (await api('POST', '/users/likes', annAuth, { target_type: 'post', target_id: 'post-42' })).statusCode,
    ).toBe(201);
    expect(await rows('likes')).toBe(2);

    const screen = (await api('GET', '/social/likes', adminAuth)).json().data;
    expect(screen.total).toBe(2);
    expect(screen.likes.map((l: { username: string }) => l.username)).toEqual(['ann', 'ann']);
    const summary = (await api('GET', '/admin/social/summary', adminAuth)).json().data;
    expect(summary).toMatchObject({ total_likes_given: 2, total_likes_received: 1 });

    const gone = await api('DELETE', `/users/likes?target_type=post&target_id=post-42`, annAuth);
    expect(gone.statusCode).toBe(200);
    expect((await api('DELETE', `/users/likes?target_type=post&target_id=post-42`, annAuth)).statusCode).toBe(
      404,
    );
    expect(await rows('likes')).toBe(1);
  });

  it('refuses a bad like with the field and the reason, writing nothing', async () => {
    const before = await rows('likes');
    const badType = await api('POST', '/users/likes', annAuth, { target_type: 'song', target_id: 'x' });
    expect(badType.statusCode).toBe(400);
    expect(fieldError(badType.json())?.field).toBe('target_type');
    const self = await api('POST', '/users/likes', annAuth, { target_type: 'profile', target_id: ann.id });
    expect(self.statusCode).toBe(400);
    expect(fieldError(self.json())).toEqual({ field: 'target_id', message: APP_ACTION_MESSAGES.notYourself });
    const nobody = await api('POST', '/users/likes', annAuth, { target_type: 'profile', target_id: NOBODY });
    expect(nobody.statusCode).toBe(404);
    const long = await api('POST', '/users/likes', annAuth, {
      target_type: 'post',
      target_id: 'x'.repeat(101),
    });
    expect(long.statusCode).toBe(400);
    expect(fieldError(long.json())?.field).toBe('target_id');
    expect(await rows('likes')).toBe(before);
  });

  it('sends a friend request that the receiver accepts, as the Social screen then shows', async () => {
    const sent = await api('POST', '/users/friend-requests', annAuth, { user_id: ben.id, message: 'Hi Ben' });
    expect(sent.statusCode).toBe(201);
    const request = sent.json().data;
    expect(request).toMatchObject({
      sender_id: ann.id,
      receiver_id: ben.id,
      status: 'pending',
      message: 'Hi Ben',
    });
    expect((await api('GET', '/admin/social/summary', adminAuth)).json().data.pending_friend_requests).toBe(
      1,
    );

    // One request per pair, whichever way round.
    const back = await api('POST', '/users/friend-requests', benAuth, { user_id: ann.id });
    expect(back.statusCode).toBe(409);
    expect(fieldError(back.json())?.field).toBe('user_id');
    // Only the receiver answers it.
    expect((await api('POST', `/users/friend-requests/${request.id}/accept`, annAuth)).statusCode).toBe(404);

    const accepted = await api('POST', `/users/friend-requests/${request.id}/accept`, benAuth);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toMatchObject({ status: 'accepted' });
    expect(accepted.json().data.responded_at).not.toBeNull();
    expect((await api('POST', `/users/friend-requests/${request.id}/decline`, benAuth)).statusCode).toBe(409);

    const screen = (await api('GET', '/social/friend-requests?status=accepted', adminAuth)).json().data;
    expect(screen.friend_requests).toEqual([
      expect.objectContaining({
        sender_username: 'ann',
        receiver_username: 'ben',
        status: 'accepted',
        is_read: true,
      }),
    ]);
    const summary = (await api('GET', '/admin/social/summary', adminAuth)).json().data;
    expect(summary).toMatchObject({ total_friends: 1, pending_friend_requests: 0 });
  });

  it('declines a friend request', async () => {
    const cat = await insertUser(t.db, { username: 'cat' });
    const sent = (
      await api('POST', '/users/friend-requests', await t.appAuthHeader(cat), { user_id: ann.id })
    ).json().data;
    const declined = await api('POST', `/users/friend-requests/${sent.id}/decline`, annAuth);
    expect(declined.json().data).toMatchObject({ status: 'declined', message: null });
    expect((await api('GET', '/social/friend-requests?status=declined', adminAuth)).json().data.total).toBe(
      1,
    );
  });

  it('refuses a friend request to oneself, to nobody, or with a message over 1,000 characters, writing nothing', async () => {
    const before = await rows('friend_requests');
    const dan = await insertUser(t.db, { username: 'dan' });
    const self = await api('POST', '/users/friend-requests', annAuth, { user_id: ann.id });
    expect(self.statusCode).toBe(400);
    expect(fieldError(self.json())?.field).toBe('user_id');
    expect((await api('POST', '/users/friend-requests', annAuth, { user_id: NOBODY })).statusCode).toBe(404);
    const badId = await api('POST', '/users/friend-requests', annAuth, { user_id: 'not-an-id' });
    expect(badId.statusCode).toBe(400);
    expect(fieldError(badId.json())?.field).toBe('user_id');
    const long = await api('POST', '/users/friend-requests', annAuth, {
      user_id: dan.id,
      message: 'x'.repeat(APP_LIMITS.maxMessageLength + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(fieldError(long.json())).toEqual({
      field: 'message',
      message: 'Message must be at most 1,000 characters',
    });
    expect((await api('POST', '/users/friend-requests/999999/accept', annAuth)).statusCode).toBe(404);
    expect((await api('POST', '/users/friend-requests/abc/accept', annAuth)).statusCode).toBe(400);
    expect(await rows('friend_requests')).toBe(before);
    // Exactly at the limit is fine.
    const full = await api('POST', '/users/friend-requests', annAuth, {
      user_id: dan.id,
      message: 'y'.repeat(APP_LIMITS.maxMessageLength),
    });
    expect(full.statusCode).toBe(201);
  });

  it('follows and unfollows, the Social screen counting followers and mutual follows', async () => {
    expect((await api('POST', '/users/follows', annAuth, { user_id: ben.id })).statusCode).toBe(201);
    const mutual = await api('POST', '/users/follows', benAuth, { user_id: ann.id });
    expect(mutual.json().data).toMatchObject({ following_id: ann.id, is_active: true });
    expect((await api('POST', '/users/follows', benAuth, { user_id: ann.id })).statusCode).toBe(201);
    let summary = (await api('GET', '/admin/social/summary', adminAuth)).json().data;
    expect(summary).toMatchObject({ total_following: 2, mutual_friends: 1 });
    const screen = (await api('GET', '/social/follows', adminAuth)).json().data;
    expect(screen.total).toBe(2);

    const self = await api('POST', '/users/follows', annAuth, { user_id: ann.id });
    expect(self.statusCode).toBe(400);
    expect(fieldError(self.json())?.field).toBe('user_id');
    expect((await api('POST', '/users/follows', annAuth, { user_id: NOBODY })).statusCode).toBe(404);
    expect(await rows('follows')).toBe(2);

    expect((await api('DELETE', `/users/follows?user_id=${ann.id}`, benAuth)).statusCode).toBe(200);
    expect((await api('DELETE', `/users/follows?user_id=${ann.id}`, benAuth)).statusCode).toBe(404);
    summary = (await api('GET', '/admin/social/summary', adminAuth)).json().data;
    expect(summary).toMatchObject({ total_following: 1, mutual_friends: 0 });
  });
});
