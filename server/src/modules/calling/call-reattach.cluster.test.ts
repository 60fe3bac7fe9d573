import type { AppCall, CallAck, CallDescription, OkAck } from '@switchboard/contract/calling';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../../config.ts';
import { ask, connected, next } from '../../testing/socket-connected.ts';
import {
  type SocketTestServer,
  secondInstance,
  startSocketTestServer,
} from '../../testing/socket-test-server.ts';
import { createTestApp } from '../../testing/test-app.ts';

const redisUrl = testRedisUrl();

/**
 * Two instances behind a load balancer; the caller's instance is stopped (a rolling deploy). Its sockets
 * reconnect to the other instance and re-attach: the call goes on, and nothing on the other instance notices.
 */
describe.skipIf(!redisUrl)('a call whose instance stops, with REDIS_URL', () => {
  const instances: SocketTestServer[] = [];
  beforeAll(async () => {
    const first = await createTestApp({ redisUrl });
    for (const t of [first, await secondInstance(first)])
      instances.push(await startSocketTestServer(t, { appNamespace: true }));
  });
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await instances[1]?.t.close();
    await instances[0]?.t.close();
  });
  const instance = (i: number) => {
    const server = instances[i];
    if (!server) throw new Error('instances did not start');
    return server;
  };
  const disconnectReason = (socket: Socket) =>
    new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

  it('stays active through a drain: the caller re-attaches on the other instance, then signals, reports quality and hangs up', async () => {
    const caller = await instance(0).appUser('drain-caller', 50);
    const callee = await instance(1).appUser('drain-callee', 50);
    const invited = await ask<CallAck>(caller.socket, 'call_invite', {
      callee_id: callee.user.id,
      type: 'voice',
    });
    if (!invited.ok) throw new Error(invited.message);
    const callId = invited.call.id;
    expect(await ask<CallAck>(callee.socket, 'call_accept', { call_id: callId })).toMatchObject({ ok: true });

    // A rolling deploy stops instance 0: readiness says draining, and only its own sockets close.
    const callerGone = disconnectReason(caller.socket);
    let calleeDisconnected = false;
    callee.socket.once('disconnect', () => {
      calleeDisconnected = true;
    });
    const calleeHearsWait = next<AppCall>(callee.socket, 'call_state');
    instance(0).t.deps.drain.start();
    await instance(0).realtime.drain();
    // A lost connection, which socket.io clients reconnect after (not `io server disconnect`).
    expect(await callerGone).toBe('transport close');
    expect(await calleeHearsWait).toMatchObject({ id: callId, status: 'active' });

    // Meanwhile nothing the callee sends is acknowledged as delivered: nobody carries the caller's side.
    expect(
      await ask<OkAck>(callee.socket, 'call_ice_candidate', { call_id: callId, candidate: null }),
    ).toMatchObject({ ok: false, code: 'unavailable' });

    // The caller's app reconnects through the load balancer, which now sends it to instance 1.
    const token = (caller.socket.auth as { token: string }).token;
    caller.socket.close();
    const moved = instance(1).connect('/app', { auth: { token } });
    await connected(moved);
    // Before re-attaching, the new socket does not carry the call.
    expect(
      await ask<OkAck>(moved, 'call_description', {
        call_id: callId,
        description: { type: 'offer', sdp: 'v=0' },
      }),
    ).toMatchObject({ ok: false, code: 'not_party' });
    const reattached = await ask<CallAck>(moved, 'call_reattach', { call_id: callId });
    expect(reattached).toMatchObject({ ok: true, call: { id: callId, status: 'active', reattach_by: null } });

    // Renegotiation reaches the callee, and the callee's answer reaches the moved caller.
    const offer = { type: 'offer', sdp: 'v=0\r\no=renegotiated' };
    const calleeHears = next<CallDescription & { from: string }>(callee.socket, 'call_description');
    expect(await ask<OkAck>(moved, 'call_description', { call_id: callId, description: offer })).toEqual({
      ok: true,
    });
    expect(await calleeHears).toMatchObject({ call_id: callId, description: offer });
    const callerHears = next<CallDescription & { from: string }>(moved, 'call_description');
    await ask(callee.socket, 'call_description', {
      call_id: callId,
      description: { type: 'answer', sdp: 'v=0' },
    });
    expect(await callerHears).toMatchObject({ description: { type: 'answer' } });
    expect(
      await ask<OkAck>(moved, 'call_quality', {
        call_id: callId,
        rtt_ms: 40,
        jitter_ms: 3,
        packet_loss: 0,
        bitrate_kbps: 32,
        codec: 'audio/opus',
      }),
    ).toEqual({ ok: true });

    const calleeHearsEnd = next<AppCall>(callee.socket, 'call_state');
    expect(await ask<CallAck>(moved, 'call_hangup', { call_id: callId })).toMatchObject({
      ok: true,
      call: { status: 'ended', end_reason: 'hangup' },
    });
    expect(await calleeHearsEnd).toMatchObject({ status: 'ended', end_reason: 'hangup' });
    expect(calleeDisconnected).toBe(false);

    // The stopped instance takes no new connection.
    const late = instance(0).connect('/app', { auth: { token }, reconnection: false });
    await expect(connected(late)).rejects.toThrow();
  });
});
