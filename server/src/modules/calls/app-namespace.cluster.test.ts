import type { AppCall, CallAck, CallDescription } from '@switchboard/contract/calling';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testRedisUrl } from '../../config.ts';
import { type Realtime, startRealtime } from '../../realtime/socket-server.ts';
import { createUserPush } from '../../realtime/user-push.ts';
import { connected } from '../../testing/socket-connected.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';
import { authenticateAdmin } from '../auth/authenticate.ts';
import { createLiveAccess } from '../auth/live-access.ts';
import { createSessionEnds } from '../auth/session-ends.ts';
import { startAppNamespace } from './app-namespace.ts';

const redisUrl = testRedisUrl();

/** Two server instances on one database behind a load balancer: the parties of a call sit on different ones. */
describe.skipIf(!redisUrl)('calls across instances with REDIS_URL', () => {
  const instances: { t: TestApp; realtime: Realtime; url: string }[] = [];
  const sockets: Socket[] = [];
  beforeAll(async () => {
    const first = await createTestApp({ redisUrl });
    const secondDeps = {
      ...first.deps,
      liveAccess: createLiveAccess(first.db),
      sessionEnds: createSessionEnds(),
      userPush: createUserPush(),
    };
    const second = { ...first, deps: secondDeps, app: await buildApp(secondDeps) };
    for (const t of [first, second]) {
      const realtime = await startRealtime(t.app.server, t.deps, t.app.log, {
        authenticate: (token) => authenticateAdmin(t.deps, token),
        blocks: t.app.blockedIps,
        namespaces: [(io, isBlocked) => startAppNamespace(io, t.deps, t.app.log, isBlocked)],
      });
      t.deps.userPush.attach(realtime.io);
      instances.push({ t, realtime, url: await t.app.listen({ port: 0, host: '127.0.0.1' }) });
    }
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const { realtime } of instances) await realtime.close();
    await instances[1]?.t.app.close();
    await instances[0]?.t.close();
  });

  const open = async (instance: number, username: string) => {
    const { t, url } = instances[instance] ?? {};
    if (!t || !url) throw new Error('instances did not start');
    const user = await insertUser(t.db, { username, coinBalance: 50 });
    const token = (await t.appAuthHeader(user)).authorization.slice(7);
    const socket = connect(`${url}/app`, { path: '/socket.io', auth: { token }, transports: ['websocket'] });
    sockets.push(socket);
    await connected(socket);
    return { user, socket };
  };
  const ask = <T>(socket: Socket, event: string, payload: unknown) =>
    new Promise<T>((resolve) => socket.emit(event, payload, resolve));
  const next = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, resolve));

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
