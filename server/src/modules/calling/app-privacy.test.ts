import type { AppUserSettings } from '@switchboard/contract/account';
import { type AppCall, CALL_REFUSALS, type CallAck } from '@switchboard/contract/calling';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../db/schema/calls.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { ask, next } from '../../testing/socket-connected.ts';
import { type SocketTestServer, startSocketTestServer } from '../../testing/socket-test-server.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/**
 * Attack review #46, finding 4: the privacy settings were stored but never obeyed. A callee who takes
 * calls only from contacts (or from nobody) is not rung by anyone else, and the caller hears why; a user
 * who hides their presence is not seen online by other app users.
 */
describe('privacy settings on the /app namespace', () => {
  let t: TestApp;
  let server: SocketTestServer;
  beforeAll(async () => {
    t = await createTestApp();
    server = await startSocketTestServer(t, { appNamespace: true });
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });

  const asUser = async (
    user: AdminPrincipal,
    method: 'PUT' | 'POST' | 'GET',
    url: string,
    payload?: object,
  ) => {
    const res = await t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: await t.appAuthHeader(user),
      payload,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json();
  };
  const setPrivacy = (user: AdminPrincipal, settings: Partial<AppUserSettings>) =>
    asUser(user, 'PUT', '/users/settings', settings);
  const invite = (socket: Socket, callee: AdminPrincipal) =>
    ask<CallAck>(socket, 'call_invite', { callee_id: callee.id, type: 'voice' });
  const callsTo = async (callee: AdminPrincipal) =>
    (await t.db.select().from(calls).where(eq(calls.calleeId, callee.id))).map((c) => c.callerId);

  it('refuses a stranger calling someone who takes calls only from contacts, without ringing them', async () => {
    const callee = await server.appUser('private-callee', 100);
    const stranger = await server.appUser('private-stranger', 100);
    const friend = await server.appUser('private-friend', 100);
    await setPrivacy(callee.user, { allow_calls_from: 'contacts' });
    await asUser(callee.user, 'POST', '/users/contacts', { user_id: friend.user.id });

    const rings: AppCall[] = [];
    callee.socket.on('call_incoming', (call: AppCall) => rings.push(call));
    expect(await invite(stranger.socket, callee.user)).toEqual({
      ok: false,
      code: 'callee_contacts_only',
      message: CALL_REFUSALS.callee_contacts_only,
    });
    expect(await callsTo(callee.user)).toEqual([]);

    // The first ring the callee hears is the contact's call: the stranger's never reached them.
    const firstRing = next<AppCall>(callee.socket, 'call_incoming');
    const placed = await invite(friend.socket, callee.user);
    expect(placed).toMatchObject({ ok: true, call: { status: 'ringing' } });
    expect((await firstRing).caller_id).toBe(friend.user.id);
    expect(rings.map((call) => call.caller_id)).toEqual([friend.user.id]);
    expect(await callsTo(callee.user)).toEqual([friend.user.id]);
  });

  it('lets a stranger call once the callee adds them, and nobody at all under "nobody"', async () => {
    const callee = await server.appUser('closed-callee', 100);
    const caller = await server.appUser('closed-caller', 100);
    await setPrivacy(callee.user, { allow_calls_from: 'contacts' });
    expect(await invite(caller.socket, callee.user)).toMatchObject({ code: 'callee_contacts_only' });
    await asUser(callee.user, 'POST', '/users/contacts', { user_id: caller.user.id });
    const placed = await invite(caller.socket, callee.user);
    if (!placed.ok) throw new Error(placed.message);
    expect(await ask(caller.socket, 'call_hangup', { call_id: placed.call.id })).toMatchObject({ ok: true });

    await setPrivacy(callee.user, { allow_calls_from: 'nobody' });
    expect(await invite(caller.socket, callee.user)).toEqual({
      ok: false,
      code: 'callee_takes_no_calls',
      message: CALL_REFUSALS.callee_takes_no_calls,
    });
    expect(await callsTo(callee.user)).toEqual([caller.user.id]);

    await setPrivacy(callee.user, { allow_calls_from: 'everyone' });
    const stranger = await server.appUser('closed-stranger', 100);
    expect(await invite(stranger.socket, callee.user)).toMatchObject({ ok: true });
  });

  it('keeps a user who hides their presence out of other users’ presence answers, search and contacts', async () => {
    const hidden = await server.appUser('hidden-presence', 100);
    const shown = await server.appUser('shown-presence', 100);
    const asker = await server.appUser('presence-watcher', 100);
    await setPrivacy(hidden.user, { show_online_status: false });
    const ids = [hidden.user.id, shown.user.id];

    expect(await ask(asker.socket, 'presence_query', { user_ids: ids })).toEqual({
      ok: true,
      online: [shown.user.id],
    });
    // Their own app still sees them online.
    expect(await ask(hidden.socket, 'presence_query', { user_ids: [hidden.user.id] })).toEqual({
      ok: true,
      online: [hidden.user.id],
    });

    const found = await asUser(asker.user, 'GET', '/users/search?q=hidden-presence');
    expect(found.data.users).toEqual([
      expect.objectContaining({ id: hidden.user.id, is_online: false, last_seen_at: null }),
    ]);
    await asUser(asker.user, 'POST', '/users/contacts', { user_id: hidden.user.id });
    const contacts = await asUser(asker.user, 'GET', '/users/contacts');
    expect(contacts.data.contacts).toEqual([
      expect.objectContaining({ id: hidden.user.id, is_online: false, last_seen_at: null }),
    ]);

    await setPrivacy(hidden.user, { show_online_status: true });
    expect(await ask(asker.socket, 'presence_query', { user_ids: ids })).toEqual({
      ok: true,
      online: expect.arrayContaining(ids),
    });
  });
});
