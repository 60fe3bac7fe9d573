import { randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseKind, testDatabaseUrl } from './config.ts';
import { createAccessTokens } from './http/access-token.ts';
import { newRefreshToken } from './modules/auth/refresh-token.ts';
import { PRESENCE_HEARTBEAT_MS, PRESENCE_STALE_AFTER_MS } from './modules/calling/presence-heartbeat.ts';
import {
  createScratchDatabase,
  FAULT_JWT_SECRET,
  insertLoadUser,
  isRunning,
  type ScratchDatabase,
  sleep,
  spawnPostgresServer,
} from './testing/fault-harness.ts';
import { freePorts } from './testing/free-port.ts';
import { connected } from './testing/socket-connected.ts';
import type { SpawnedProcess } from './testing/spawn-server.ts';

const PORTS = (await freePorts(2)) as [number, number];
const serverUrl = testDatabaseUrl();
let database: ScratchDatabase | undefined;
const started: SpawnedProcess[] = [];
const sockets: Socket[] = [];

afterAll(async () => {
  for (const socket of sockets) socket.close();
  for (const p of started) if (isRunning(p)) p.child.kill('SIGKILL');
  await Promise.all(started.map((p) => p.exited));
  await database?.drop();
});

/** An app user's access token with a live session in the scratch database, signed as the servers sign. */
async function appToken(db: ScratchDatabase, username: string): Promise<{ id: string; token: string }> {
  const id = await insertLoadUser(db, username);
  const sessionId = randomUUID();
  await db.query(
    `insert into refresh_tokens (user_id, family_id, token_hash, expires_at, console)
     values ($1, $2, $3, now() + interval '1 day', false)`,
    [id, sessionId, newRefreshToken().hash],
  );
  const token = await createAccessTokens(FAULT_JWT_SECRET).sign(
    { id, username, isRootAdmin: false, isAdmin: false },
    sessionId,
  );
  return { id, token };
}

const open = async (port: number, token: string) => {
  const socket = connect(`http://127.0.0.1:${port}/app`, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  await connected(socket);
  return socket;
};

// Only PostgreSQL is shared between instances.
describe.skipIf(testDatabaseKind() !== 'postgres' || !serverUrl)(
  'presence when an instance is killed outright (kill -9)',
  () => {
    it('the surviving instance reaps the dead one’s users within a bounded time, and keeps its own', async () => {
      database = await createScratchDatabase(serverUrl as string);
      const db = database;
      // One after the other: the first applies the migrations.
      const first = spawnPostgresServer(db.url, PORTS[0]);
      started.push(first);
      await first.waitFor('Switchboard console:', 90_000);
      const second = spawnPostgresServer(db.url, PORTS[1]);
      started.push(second);
      await second.waitFor('Switchboard console:', 90_000);

      const onB = await appToken(db, 'only-on-b');
      const onA = await appToken(db, 'only-on-a');
      const onBoth = await appToken(db, 'on-both');
      await open(PORTS[1], onB.token);
      await open(PORTS[0], onA.token);
      await open(PORTS[0], onBoth.token);
      await open(PORTS[1], onBoth.token);

      const online = async () =>
        (
          await db.query<{ username: string }>('select username from users where is_online order by username')
        ).map((r) => r.username);
      const waitFor = async (want: string[], ms: number) => {
        const deadline = Date.now() + ms;
        while (JSON.stringify(await online()) !== JSON.stringify(want)) {
          if (Date.now() > deadline)
            throw new Error(
              [
                `online: ${JSON.stringify(await online())}`,
                JSON.stringify(await db.query('select * from app_instances')),
                JSON.stringify(await db.query('select * from user_presence')),
                ...started.map((p) => p.output().slice(-2000)),
              ].join('\n'),
            );
          await sleep(200);
        }
      };
      await waitFor(['on-both', 'only-on-a', 'only-on-b'], 10_000);
      const instances = await db.query<{ n: number }>('select count(*)::int as n from app_instances');
      expect(instances[0]?.n).toBe(2);

      second.child.kill('SIGKILL');
      await second.exited;
      const killedAt = Date.now();
      // Stale after PRESENCE_STALE_AFTER_MS, seen by the next beat of the survivor: bounded, never "forever".
      await waitFor(['on-both', 'only-on-a'], PRESENCE_STALE_AFTER_MS + 2 * PRESENCE_HEARTBEAT_MS + 5000);
      const reapedAfter = Date.now() - killedAt;
      expect(reapedAfter).toBeGreaterThan(PRESENCE_STALE_AFTER_MS - PRESENCE_HEARTBEAT_MS - 1000);

      // Last seen at the dead instance's final heartbeat, not at the time it was reaped.
      const [gone] = await db.query<{ last_seen_at: Date }>('select last_seen_at from users where id = $1', [
        onB.id,
      ]);
      expect(gone?.last_seen_at.getTime()).toBeLessThanOrEqual(killedAt + 1000);
      expect(gone?.last_seen_at.getTime()).toBeGreaterThan(killedAt - PRESENCE_HEARTBEAT_MS - 2000);
      const left = await db.query<{ user_id: string }>('select user_id from user_presence order by user_id');
      expect(left.map((r) => r.user_id).sort()).toEqual([onA.id, onBoth.id].sort());

      // A graceful stop clears the stopping instance's presence at once.
      first.child.kill('SIGTERM');
      await first.exited;
      expect(await online()).toEqual([]);
      expect(await db.query('select * from app_instances')).toEqual([]);
    }, 180_000);
  },
);
