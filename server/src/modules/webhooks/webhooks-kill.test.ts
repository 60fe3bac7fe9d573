import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseKind, testDatabaseUrl } from '../../config.ts';
import {
  api,
  createScratchDatabase,
  isRunning,
  registerRootAdmin,
  type ScratchDatabase,
  spawnPostgresServer,
  until,
} from '../../testing/fault-harness.ts';
import { freePorts } from '../../testing/free-port.ts';
import type { SpawnedProcess } from '../../testing/spawn-server.ts';
import { startWebhookReceiver } from './testing/webhook-receiver.ts';

const USERS = 40;
const PORTS = (await freePorts(2)) as [number, number];
const serverUrl = testDatabaseUrl();
let database: ScratchDatabase | undefined;
const started: SpawnedProcess[] = [];
const receiver = await startWebhookReceiver({ holdMs: 400 });

afterAll(async () => {
  for (const p of started) if (isRunning(p)) p.child.kill('SIGKILL');
  await Promise.all(started.map((p) => p.exited));
  await receiver.close();
  await database?.drop();
});

// Two instances share the outbox only on PostgreSQL.
describe.skipIf(testDatabaseKind() !== 'postgres' || !serverUrl)(
  'webhooks when the delivering instance is killed (kill -9)',
  () => {
    it('loses no event, and sends one again only under its webhook-id, from the instance that is left', async () => {
      database = await createScratchDatabase(serverUrl as string);
      const db = database;
      const first = spawnPostgresServer(db.url, PORTS[0]);
      started.push(first);
      await first.waitFor('Switchboard console:', 90_000);
      const auth = await registerRootAdmin(PORTS[0]);
      const call = (path: string, method: string, body?: object) =>
        api(PORTS[0], path, { method, headers: auth, ...(body ? { body: JSON.stringify(body) } : {}) });

      // The receiver is on loopback: the API settings must allow private addresses.
      const settings = ((await (await call('/admin/settings', 'GET')).json()) as { data: { api: object } })
        .data;
      const saved = await call('/admin/settings', 'PUT', {
        ...settings,
        api: { ...settings.api, webhooks_allow_private_addresses: true },
      });
      expect(saved.status).toBe(200);
      const created = await call('/admin/webhooks', 'POST', { url: receiver.url, events: ['user.created'] });
      expect(created.status).toBe(201);

      for (let i = 0; i < USERS; i++) {
        const res = await call('/admin/users', 'POST', {
          username: `hooked${i}`,
          email: `hooked${i}@example.test`,
          password: 'Password1!',
        });
        expect(res.status).toBe(201);
      }
      // Mid-batch: some delivered, some held open by the receiver, most still to go.
      await until(() => receiver.received.length >= 10, 60_000);
      first.child.kill('SIGKILL');
      await first.exited;
      const beforeKill = receiver.received.length;
      expect(beforeKill).toBeLessThan(USERS);

      const second = spawnPostgresServer(db.url, PORTS[1]);
      started.push(second);
      await second.waitFor('Switchboard console:', 90_000);
      // The dead instance's claims lapse after their lease (30 s), then the survivor sends them.
      await until(async () => {
        const open = await db.query<{ n: number }>(
          "select count(*)::int as n from webhook_deliveries where status <> 'delivered'",
        );
        return open[0]?.n === 0;
      }, 120_000);

      const messages = await db.query<{ message_id: string }>('select message_id from webhook_deliveries');
      expect(messages).toHaveLength(USERS);
      const messageIds = new Set(messages.map((m) => m.message_id));
      const accepted = receiver.received.filter((r) => r.status === 200);
      // Every event arrived, and anything sent twice came under the same webhook-id.
      expect(new Set(accepted.map((r) => r.id))).toEqual(messageIds);
      expect(receiver.received.every((r) => messageIds.has(r.id))).toBe(true);
      const usernames = new Set(
        accepted.map((r) => (JSON.parse(r.body) as { data: { username: string } }).data.username),
      );
      expect(usernames.size).toBe(USERS);
    }, 300_000);
  },
);
