import { APP_LIMITS } from '@switchboard/contract/account';
import { REFRESH_TOKEN_HEADER } from '@switchboard/contract/auth';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SOCKETS_PER_SESSION, SOCKET_CAP_MESSAGES } from '../../http/socket-caps.ts';
import { connected } from '../../testing/socket-connected.ts';
import { type SocketTestServer, startSocketTestServer } from '../../testing/socket-test-server.ts';
import { createTestApp, insertUser } from '../../testing/test-app.ts';

/** Attack review #46, findings 2 and 3: /app sockets without a cap, budgets per connection, outliving their session. */
describe('/app sockets', () => {
  let server: SocketTestServer;
  beforeAll(async () => {
    server = await startSocketTestServer(await createTestApp(), { appNamespace: true });
    await insertUser(server.t.db, { username: 'leaving', password: 'Correct-horse-1' });
  });
  afterAll(async () => {
    await server.close();
    await server.t.close();
  });
  const tokenOf = async (username: string) =>
    (await server.t.appAuthHeader(await insertUser(server.t.db, { username }))).authorization.slice(7);
  const refusal = (socket: Socket) =>
    new Promise<string>((resolve, reject) => {
      socket.once('connect', () => reject(new Error('connected')));
      socket.once('connect_error', (err) => resolve(err.message));
    });

  it(`lets one session open ${MAX_SOCKETS_PER_SESSION} sockets, and refuses the next`, async () => {
    const token = await tokenOf('many-tabs');
    const open = Array.from({ length: MAX_SOCKETS_PER_SESSION }, () =>
      server.connect('/app', { auth: { token } }),
    );
    await Promise.all(open.map(connected));
    expect(await refusal(server.connect('/app', { auth: { token } }))).toBe(SOCKET_CAP_MESSAGES.session);
    for (const socket of open) socket.close();
  });

  it("gives one user's sockets one event budget between them", async () => {
    const token = await tokenOf('two-sockets');
    const sockets = [
      server.connect('/app', { auth: { token } }),
      server.connect('/app', { auth: { token } }),
    ];
    await Promise.all(sockets.map(connected));
    const answers = await Promise.all(
      sockets.flatMap((socket) =>
        Array.from(
          { length: APP_LIMITS.socketEventsPerSecond },
          () =>
            new Promise<{ ok: boolean }>((resolve) =>
              socket.emit('presence_query', { user_ids: [] }, resolve),
            ),
        ),
      ),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(APP_LIMITS.socketEventsPerSecond);
  });

  it('drops a socket within seconds of its session ending by logout', async () => {
    const login = await server.t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/app/login',
      payload: { username: 'leaving', password: 'Correct-horse-1' },
    });
    expect(login.statusCode).toBe(200);
    const { access_token, refresh_token } = login.json();
    const socket = server.connect('/app', { auth: { token: access_token } });
    await connected(socket);
    const gone = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('still connected')), 3000);
      socket.once('disconnect', (reason) => {
        clearTimeout(timer);
        resolve(reason);
      });
    });
    const out = await server.t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { [REFRESH_TOKEN_HEADER]: refresh_token },
    });
    expect(out.statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
  });
});
