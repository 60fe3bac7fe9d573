import type { AppCall, CallAck, OkAck } from '@switchboard/contract/calling';
import { sendWithRetry } from '@switchboard/contract/relay-retry';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, until } from '../../testing/fault-harness.ts';
import { freePorts } from '../../testing/free-port.ts';
import { ask, next } from '../../testing/socket-connected.ts';
import {
  type SocketTestServer,
  secondInstance,
  startSocketTestServer,
} from '../../testing/socket-test-server.ts';
import { createTestApp } from '../../testing/test-app.ts';

/** The next `event` about this call, ignoring repeats of what the socket already knew. */
const heard = (socket: Socket, event: string, match: (call: AppCall) => boolean, ms = 15_000) =>
  new Promise<AppCall>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    const listener = (call: AppCall) => {
      if (!match(call)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(call);
    };
    socket.on(event, listener);
  });

const candidate = (socket: Socket, callId: number) =>
  sendWithRetry(
    () =>
      socket
        .timeout(7000)
        .emitWithAck('call_ice_candidate', { call_id: callId, candidate: null }) as Promise<OkAck>,
    { delaysMs: [500, 1000, 2000, 2000, 2000, 2000] },
  );

/**
 * Two instances on one Redis of this test's own, which it stops and starts (never the shared one): calls
 * whose parties are on different instances while Redis is down, and after it returns.
 */
describe('calls across a Redis outage', () => {
  let port = 0;
  let redis: ReturnType<typeof startRedis> | undefined;
  const instances: SocketTestServer[] = [];
  beforeAll(async () => {
    [port] = (await freePorts(1)) as [number];
    redis = startRedis(port);
    await redis.ready;
    const first = await createTestApp({ redisUrl: `redis://127.0.0.1:${port}` });
    for (const t of [first, await secondInstance(first)])
      instances.push(await startSocketTestServer(t, { appNamespace: true }));
  });
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await instances[1]?.t.close();
    await instances[0]?.t.close();
    await redis?.stop();
  });
  const instance = (i: number) => {
    const server = instances[i];
    if (!server) throw new Error('instances did not start');
    return server;
  };

  it('an invite placed during the outage rings, its answer and a hang-up reach the other instance, and signalling is delivered again once Redis returns', async () => {
    // A call live before the outage, its parties on different instances.
    const before = {
      caller: await instance(0).appUser('resync-a', 50),
      callee: await instance(1).appUser('resync-b', 50),
    };
    const first = await ask<CallAck>(before.caller.socket, 'call_invite', {
      callee_id: before.callee.user.id,
      type: 'voice',
    });
    if (!first.ok) throw new Error(first.message);
    expect(await ask<CallAck>(before.callee.socket, 'call_accept', { call_id: first.call.id })).toMatchObject(
      { ok: true },
    );

    // A call whose parties share instance 0.
    const near = {
      caller: await instance(0).appUser('resync-near-a', 50),
      callee: await instance(0).appUser('resync-near-b', 50),
    };
    const nearCall = await ask<CallAck>(near.caller.socket, 'call_invite', {
      callee_id: near.callee.user.id,
      type: 'voice',
    });
    if (!nearCall.ok) throw new Error(nearCall.message);
    expect(
      await ask<CallAck>(near.callee.socket, 'call_accept', { call_id: nearCall.call.id }),
    ).toMatchObject({ ok: true });

    const caller = await instance(0).appUser('resync-caller', 50);
    const callee = await instance(1).appUser('resync-callee', 50);
    await redis?.stop();

    // While Redis is down: the invite rings on the other instance, and the answer reaches the caller.
    const rings = heard(callee.socket, 'call_incoming', (call) => call.caller_id === caller.user.id);
    const invited = await ask<CallAck>(caller.socket, 'call_invite', {
      callee_id: callee.user.id,
      type: 'voice',
    });
    if (!invited.ok) throw new Error(invited.message);
    expect(await rings).toMatchObject({ id: invited.call.id, status: 'ringing' });
    const answered = heard(
      caller.socket,
      'call_state',
      (call) => call.id === invited.call.id && call.status === 'active',
    );
    expect(await ask<CallAck>(callee.socket, 'call_accept', { call_id: invited.call.id })).toMatchObject({
      ok: true,
    });
    expect(await answered).toMatchObject({ status: 'active' });

    // The call that was live before: a hang-up on instance 1 reaches the caller on instance 0.
    const ended = heard(
      before.caller.socket,
      'call_state',
      (call) => call.id === first.call.id && call.status === 'ended',
    );
    expect(await ask<CallAck>(before.callee.socket, 'call_hangup', { call_id: first.call.id })).toMatchObject(
      { ok: true },
    );
    expect(await ended).toMatchObject({ end_reason: 'hangup' });

    // Signalling across instances cannot be delivered meanwhile: the sender is told so, never `ok`.
    expect(
      await ask<OkAck>(caller.socket, 'call_ice_candidate', { call_id: invited.call.id, candidate: null }),
    ).toMatchObject({
      ok: false,
      code: 'unavailable',
    });

    // Between parties on one instance, signalling is delivered all along.
    const nearDelivered = next(near.callee.socket, 'call_ice_candidate');
    expect(
      await ask<OkAck>(near.caller.socket, 'call_ice_candidate', {
        call_id: nearCall.call.id,
        candidate: null,
      }),
    ).toEqual({ ok: true });
    await nearDelivered;

    // Redis returns: both parties of the live call hear it as it stands, and a retried candidate arrives.
    redis = startRedis(port);
    await redis.ready;
    const callerResynced = heard(caller.socket, 'call_state', (call) => call.id === invited.call.id);
    const calleeResynced = heard(callee.socket, 'call_state', (call) => call.id === invited.call.id);
    expect(await callerResynced).toMatchObject({ status: 'active' });
    expect(await calleeResynced).toMatchObject({ status: 'active' });
    const delivered = next(callee.socket, 'call_ice_candidate');
    await until(async () => (await candidate(caller.socket, invited.call.id)).ok, 30_000);
    await delivered;
  }, 90_000);
});
