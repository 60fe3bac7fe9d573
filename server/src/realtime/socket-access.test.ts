import { SECURITY_MESSAGES } from '@switchboard/contract/security';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userReports } from '../db/schema/reports.ts';
import { connected } from '../testing/socket-connected.ts';
import { type SocketTestServer, startSocketTestServer } from '../testing/socket-test-server.ts';
import { createTestApp, insertUser, type TestApp } from '../testing/test-app.ts';

/** Well under the 5 s recheck of every socket, so only the direct disconnect can meet it. */
const PROMPTLY_MS = 1500;
const ADMIN_IP = '198.51.100.77';

describe('who may keep a socket open', () => {
  let t: TestApp;
  let server: SocketTestServer;
  let auth: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    server = await startSocketTestServer(t);
    // Root: deleting an admin needs admins:manage, which no built-in template holds.
    auth = await t.authHeader(await insertUser(t.db, { username: 'socket-moderator', isRootAdmin: true }));
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });

  const api = (method: 'POST' | 'DELETE', path: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1${path}`,
      headers: auth,
      remoteAddress: ADMIN_IP,
      ...(payload ? { payload } : {}),
    });
  const open = async (token: string) => {
    return server.connect('', { auth: { token } });
  };
  const disconnectedWithin = (socket: Socket, ms: number) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`still connected after ${ms} ms`)), ms);
      socket.once('disconnect', (reason) => {
        clearTimeout(timer);
        resolve(reason);
      });
    });
  const tokenOf = async (username: string) =>
    (await t.authHeader(await insertUser(t.db, { username, isAdmin: true }))).authorization.slice(7);

  it('blocking an address drops its live sockets at once and refuses new ones until unblocked', async () => {
    const token = await tokenOf('socket-watcher');
    const live = await open(token);
    await connected(live);
    const gone = disconnectedWithin(live, PROMPTLY_MS);
    expect((await api('POST', '/security/block-ip', { ip: '127.0.0.0/8', reason: 'test' })).statusCode).toBe(
      201,
    );
    expect(await gone).toBe('io server disconnect');

    const refused = await open(token);
    const error = await new Promise<Error>((resolve) => refused.once('connect_error', resolve));
    expect(error.message).toBe(SECURITY_MESSAGES.refused);
    refused.close();

    expect(
      (await api('DELETE', `/security/ip-blacklist/${encodeURIComponent('127.0.0.0/8')}`)).statusCode,
    ).toBe(200);
    await connected(await open(token));
  });

  it("suspending a reported user closes that user's live sockets at once", async () => {
    const reporter = await insertUser(t.db, { username: 'socket-reporter' });
    const reported = await insertUser(t.db, { username: 'socket-reported', isAdmin: true });
    const [report] = await t.db
      .insert(userReports)
      .values({
        reportType: 'harassment',
        reporterId: reporter.id,
        reportedUserId: reported.id,
        reason: 'Abuse',
      })
      .returning({ id: userReports.id });
    const bystander = await open(await tokenOf('socket-bystander'));
    const socket = await open((await t.authHeader(reported)).authorization.slice(7));
    await Promise.all([connected(socket), connected(bystander)]);
    const gone = disconnectedWithin(socket, PROMPTLY_MS);
    expect((await api('POST', `/user-reports/${report?.id}/suspend-user`)).statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    expect(bystander.connected).toBe(true);
  });

  it("deleting a user closes that user's live sockets at once", async () => {
    const doomed = await insertUser(t.db, { username: 'socket-doomed', isAdmin: true });
    const socket = await open((await t.authHeader(doomed)).authorization.slice(7));
    await connected(socket);
    const gone = disconnectedWithin(socket, PROMPTLY_MS);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/users/${doomed.id}`,
      headers: auth,
      remoteAddress: ADMIN_IP,
    });
    expect(res.statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
  });
});
