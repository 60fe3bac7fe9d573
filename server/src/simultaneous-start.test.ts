import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseKind, testDatabaseUrl } from './config.ts';
import {
  api,
  createScratchDatabase,
  isRunning,
  type ScratchDatabase,
  spawnPostgresServer,
} from './testing/fault-harness.ts';
import { freePorts } from './testing/free-port.ts';
import type { SpawnedProcess } from './testing/spawn-server.ts';

const serverUrl = testDatabaseUrl();
let database: ScratchDatabase | undefined;
const started: SpawnedProcess[] = [];

afterAll(async () => {
  for (const p of started) if (isRunning(p)) p.child.kill('SIGKILL');
  await Promise.all(started.map((p) => p.exited));
  await database?.drop();
});

// Only PostgreSQL is shared between instances.
describe.skipIf(testDatabaseKind() !== 'postgres' || !serverUrl)(
  'instances started at once on an empty PostgreSQL',
  () => {
    it('all come up, and the migrations are applied once', async () => {
      database = await createScratchDatabase(serverUrl as string);
      const PORTS = await freePorts(2);
      const servers = PORTS.map((port) => spawnPostgresServer(database?.url as string, port));
      started.push(...servers);
      const outcomes = await Promise.all(
        servers.map((server) =>
          server.waitFor('Switchboard console:', 90_000).then(
            () => 'listening',
            () => server.output().slice(-1500),
          ),
        ),
      );
      expect(outcomes).toEqual(PORTS.map(() => 'listening'));
      for (const port of PORTS) expect((await api(port, '/health/ready')).status).toBe(200);
      const applied = await database.query<{ n: string }>(
        'select count(*) as n from drizzle.__drizzle_migrations',
      );
      const distinct = await database.query<{ n: string }>(
        'select count(distinct hash) as n from drizzle.__drizzle_migrations',
      );
      expect(applied[0]?.n).toBe(distinct[0]?.n);
    }, 120_000);
  },
);
