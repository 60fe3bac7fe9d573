import type { AppCall, CallAck, CallDescription, CallIceCandidate } from '@switchboard/contract/calling';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callQualitySamples, calls } from '../../db/schema/calls.ts';
import { users } from '../../db/schema/users.ts';
import { ask, connected, next } from '../../testing/socket-connected.ts';
import { type SocketTestServer, startSocketTestServer } from '../../testing/socket-test-server.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';

const until = async (check: () => Promise<boolean>, ms = 5000) => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('the /app namespace', () => {
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

  const open = (username: string, coins = 100) => server.appUser(username, coins);

  it('refuses a socket without a live session, and takes an app user who has one', async () => {
    const refused = server.connect('/app', { auth: { token: 'nope' } });
    await expect(connected(refused)).rejects.toThrow('Not authenticated');
    const { user } = await open('presence-one');
    await until(
      async () => (await t.db.select().from(users).where(eq(users.id, user.id)))[0]?.isOnline === true,
    );
  });

  it('keeps presence: online while a socket is connected, then offline with its last-seen time', async () => {
    const { user, socket } = await open('presence-two');
    const { socket: asker } = await open('presence-asker');
    expect(await ask(asker, 'presence_query', { user_ids: [user.id] })).toEqual({
      ok: true,
      online: [user.id],
    });
    socket.close();
    await until(
      async () => (await t.db.select().from(users).where(eq(users.id, user.id)))[0]?.isOnline === false,
    );
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.lastSeenAt).not.toBeNull();
    expect(await ask(asker, 'presence_query', { user_ids: [user.id] })).toEqual({ ok: true, online: [] });
  });

  it('relays offer, answer and candidates between the two parties only; a third party neither sends nor hears', async () => {
    const caller = await open('relay-caller');
    const callee = await open('relay-callee');
    const eve = await open('relay-eve');
    const heardByEve: string[] = [];
    for (const event of ['call_incoming', 'call_state', 'call_description', 'call_ice_candidate'])
      eve.socket.on(event, () => heardByEve.push(event));

    const incoming = next<AppCall>(callee.socket, 'call_incoming');
    const invited = await ask<CallAck>(caller.socket, 'call_invite', {
      callee_id: callee.user.id,
      type: 'video',
    });
    if (!invited.ok) throw new Error(invited.message);
    expect((await incoming).id).toBe(invited.call.id);
    const callId = invited.call.id;

    // Eve can neither answer nor signal into the call.
    expect(await ask(eve.socket, 'call_accept', { call_id: callId })).toMatchObject({
      ok: false,
      code: 'not_party',
    });
    const offer = { type: 'offer', sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' };
    expect(await ask(eve.socket, 'call_description', { call_id: callId, description: offer })).toMatchObject({
      ok: false,
      code: 'not_party',
    });
    // Nor can the callee before answering.
    expect(
      await ask(callee.socket, 'call_description', { call_id: callId, description: offer }),
    ).toMatchObject({
      ok: false,
      code: 'not_party',
    });

    const callerHearsActive = next<AppCall>(caller.socket, 'call_state');
    expect(await ask(callee.socket, 'call_accept', { call_id: callId })).toMatchObject({
      ok: true,
      call: { status: 'active' },
    });
    expect((await callerHearsActive).status).toBe('active');

    const offerArrives = next<CallDescription & { from: string }>(callee.socket, 'call_description');
    expect(await ask(caller.socket, 'call_description', { call_id: callId, description: offer })).toEqual({
      ok: true,
    });
    expect(await offerArrives).toEqual({ call_id: callId, description: offer, from: caller.user.id });

    const candidate = {
      candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    };
    const candidateArrives = next<CallIceCandidate & { from: string }>(caller.socket, 'call_ice_candidate');
    await ask(callee.socket, 'call_ice_candidate', { call_id: callId, candidate });
    expect(await candidateArrives).toEqual({ call_id: callId, candidate, from: callee.user.id });
    // The sender does not hear its own message back.
    const echoes: unknown[] = [];
    caller.socket.on('call_description', (m) => echoes.push(m));

    expect(
      await ask(caller.socket, 'call_quality', {
        call_id: callId,
        rtt_ms: 12,
        jitter_ms: 1.5,
        packet_loss: 0,
        bitrate_kbps: 850,
        codec: 'video/VP8',
      }),
    ).toEqual({ ok: true });
    expect(
      await ask(eve.socket, 'call_quality', {
        call_id: callId,
        rtt_ms: 900,
        jitter_ms: 90,
        packet_loss: 50,
        bitrate_kbps: 1,
        codec: null,
      }),
    ).toMatchObject({ ok: false, code: 'not_party' });
    await until(
      async () =>
        (await t.db.select().from(callQualitySamples).where(eq(callQualitySamples.callId, callId))).length >
        0,
    );
    const samples = await t.db.select().from(callQualitySamples).where(eq(callQualitySamples.callId, callId));
    expect(samples).toMatchObject([{ side: 'caller', rttMs: 12, codec: 'video/VP8', bitrateKbps: 850 }]);

    const calleeHearsEnd = next<AppCall>(callee.socket, 'call_state');
    expect(await ask(caller.socket, 'call_hangup', { call_id: callId })).toMatchObject({
      ok: true,
      call: { status: 'ended' },
    });
    expect(await calleeHearsEnd).toMatchObject({ status: 'ended', end_reason: 'hangup' });
    // Once it has ended, nobody can signal into it.
    expect(
      await ask(caller.socket, 'call_description', { call_id: callId, description: offer }),
    ).toMatchObject({
      ok: false,
    });
    expect(echoes).toEqual([]);
    expect(heardByEve).toEqual([]);
  });

  it('answers a second invite with busy, and an admin end reaches both parties at once', async () => {
    const caller = await open('end-caller');
    const callee = await open('end-callee');
    const other = await open('end-other');
    const invited = await ask<CallAck>(caller.socket, 'call_invite', {
      callee_id: callee.user.id,
      type: 'voice',
    });
    if (!invited.ok) throw new Error(invited.message);
    await ask(callee.socket, 'call_accept', { call_id: invited.call.id });
    expect(await ask(other.socket, 'call_invite', { callee_id: callee.user.id, type: 'voice' })).toEqual({
      ok: false,
      code: 'busy',
      message: 'The person you are calling is busy',
    });

    const admin = await insertUser(t.db, { username: 'end-admin', isAdmin: true });
    const heard = Promise.all([
      next<AppCall>(caller.socket, 'call_state'),
      next<AppCall>(callee.socket, 'call_state'),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/calls/${invited.call.id}/end`,
      headers: await t.authHeader(admin),
    });
    expect(res.statusCode).toBe(200);
    for (const call of await heard)
      expect(call).toMatchObject({ status: 'ended', end_reason: 'admin_ended' });
  });

  it('fails an answered call when a party leaves before any media flowed, saying why', async () => {
    const caller = await open('gone-caller');
    const callee = await open('gone-callee');
    const invited = await ask<CallAck>(caller.socket, 'call_invite', {
      callee_id: callee.user.id,
      type: 'voice',
    });
    if (!invited.ok) throw new Error(invited.message);
    await ask(callee.socket, 'call_accept', { call_id: invited.call.id });
    const calleeHears = next<AppCall>(callee.socket, 'call_state');
    caller.socket.close();
    expect(await calleeHears).toMatchObject({ status: 'failed', end_reason: 'peer_disconnected' });
    const [row] = await t.db.select().from(calls).where(eq(calls.id, invited.call.id));
    expect(row).toMatchObject({ status: 'failed', endReason: 'peer_disconnected' });
  });

  it('ends an active call when one party leaves for good', async () => {
    const caller = await open('leave-caller');
    const callee = await open('leave-callee');
    const invited = await ask<CallAck>(caller.socket, 'call_invite', {
      callee_id: callee.user.id,
      type: 'voice',
    });
    if (!invited.ok) throw new Error(invited.message);
    await ask(callee.socket, 'call_accept', { call_id: invited.call.id });
    // Media flowed: a quality sample arrived before the caller left.
    await t.db.insert(callQualitySamples).values({
      callId: invited.call.id,
      side: 'caller',
      mos: 4.2,
      rttMs: 40,
      jitterMs: 3,
      packetLoss: 0,
      bitrateKbps: 40,
      sampledAt: new Date(),
    });
    const calleeHears = next<AppCall>(callee.socket, 'call_state');
    caller.socket.close();
    expect(await calleeHears).toMatchObject({ status: 'ended', end_reason: 'disconnected' });
    const [row] = await t.db.select().from(calls).where(eq(calls.id, invited.call.id));
    expect(row?.status).toBe('ended');
  });
});
