import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseKind, testDatabaseUrl } from './config.ts';
import {
  api,
  createScratchDatabase,
  insertLoadUser,
  isRunning,
  missingEntries,
  registerRootAdmin,
  type ScratchDatabase,
  sleep,
  spawnPostgresServer,
  startWriteLoad,
  until,
} from './testing/fault-harness.ts';
import { freePort } from './testing/free-port.ts';
import type { SpawnedProcess } from './testing/spawn-server.ts';

const serverUrl = testDatabaseUrl();
let database: ScratchDatabase | undefined;
let server: SpawnedProcess | undefined;

afterAll(async () => {
  if (server && isRunning(server)) server.child.kill('SIGKILL');
  await server?.exited;
  await database?.drop();
});

// Connections are only cut on PostgreSQL; PGlite runs inside the process.
describe.skipIf(testDatabaseKind() !== 'postgres' || !serverUrl)(
  'PostgreSQL connections cut under load',
  () => {
    it('keeps serving: cut writes answer 503, reads are retried, every acknowledged write is kept', async () => {
      database = await createScratchDatabase(serverUrl as string);
      const PORT = await freePort();
      server = spawnPostgresServer(database.url, PORT);
      await server.waitFor('Switchboard console:');
      const auth = await registerRootAdmin(PORT);
      const userId = await insertLoadUser(database, 'loaded');

      const load = startWriteLoad([PORT], auth, userId, 8);
      let reads = 0;
      const readFailures: number[] = [];
      let reading = true;
      const readLoop = (async () => {
        while (reading) {
          const res = await api(PORT, `/admin/users/${userId}`, { headers: auth }).catch(() => null);
          reads++;
          if (res?.status !== 200) readFailures.push(res?.status ?? 0);
        }
      })();
      await sleep(800);
      let cut = 0;
      for (let i = 0; i < 4 && isRunning(server); i++) {
        cut += await database.terminateBackends();
        await sleep(600);
      }
      // It keeps serving after the last cut: more writes acknowledged and reads answered, however slow the
      // machine (a fixed time let as few as 12 writes through on a busy CI machine).
      const [writesAtLastCut, readsAtLastCut] = [load.acknowledged.length, reads];
      await until(
        () => load.acknowledged.length >= writesAtLastCut + 10 && reads >= readsAtLastCut + 10,
        30_000,
      );
      await load.stop();
      reading = false;
      await readLoop;

      expect(cut).toBeGreaterThan(0);
      expect(isRunning(server), server.output().slice(-2000)).toBe(true);
      // A write on a cut connection fails with 503 and a message; nothing else goes wrong.
      expect([...load.failures.keys()].filter((status) => status !== '503')).toEqual([]);
      expect(readFailures).toEqual([]);

      const after = await api(PORT, '/admin/coins/add', {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ user_id: userId, amount: 1, description: 'after the fault' }),
      });
      expect(after.status).toBe(200);
      expect(await missingEntries(database, load.acknowledged)).toEqual([]);
    }, 90_000);
  },
);
