import type { AppCall, CallAck, CallDescription } from '@switchboard/contract/calling';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../../config.ts';
import { ask, next } from '../../testing/socket-connected.ts';
import {
  type SocketTestServer,
  secondInstance,
  startSocketTestServer,
} from '../../testing/socket-test-server.ts';
import { createTestApp } from '../../testing/test-app.ts';

const redisUrl = testRedisUrl();

/** Two server instances on one database behind a load balancer: the parties of a call sit on different ones. */
describe.skipIf(!redisUrl)('calls across instances with REDIS_URL', () => {
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

  const open = (instance: number, username: string) => {
    const server = instances[instance];
    if (!server) throw new Error('instances did not start');
    return server.appUser(username, 50);
  };

  it('rings, connects and relays signalling between parties on different instances, and ends on both', async () => {
    const caller = await open(0, 'cluster-caller');
    const callee = await open(1, 'cluster-callee');
    const incoming = next<AppCall>(callee.socket, 'call_incoming');
    const invited = await ask<CallAck>(caller.socket, 'call_invite', {
      callee_id: callee.user.id,
      type: 'voice',
    });
    if (!invited.ok) throw new Error(invited.message);
    expect(await incoming).toMatchObject({ id: invited.call.id, caller_id: caller.user.id });

    const callerHearsActive = next<AppCall>(caller.socket, 'call_state');
    expect(await ask(callee.socket, 'call_accept', { call_id: invited.call.id })).toMatchObject({
      ok: true,
      call: { status: 'active' },
    });
    expect(await callerHearsActive).toMatchObject({ status: 'active' });

    const offer = { type: 'offer', sdp: 'v=0\r\n' };
    const arrives = next<CallDescription & { from: string }>(callee.socket, 'call_description');
    await ask(caller.socket, 'call_description', { call_id: invited.call.id, description: offer });
    expect(await arrives).toEqual({ call_id: invited.call.id, description: offer, from: caller.user.id });

    const calleeHearsEnd = next<AppCall>(callee.socket, 'call_state');
    await ask(caller.socket, 'call_hangup', { call_id: invited.call.id });
    expect(await calleeHearsEnd).toMatchObject({ status: 'ended' });
  });
});
