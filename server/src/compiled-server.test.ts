import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, SERVER_BUNDLE } from '../../scripts/build-server.mjs';
import { testDatabaseKind, testDatabaseUrl } from './config.ts';
import {
  api,
  createScratchDatabase,
  FAULT_JWT_SECRET,
  type ScratchDatabase,
} from './testing/fault-harness.ts';
import { type SpawnedProcess, spawnProcess } from './testing/spawn-server.ts';

/** What only the compiled server (`npm start`, scripts/build-server.mjs) can get wrong. */
const serverUrl = testDatabaseUrl();
const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-compiled-'));
let database: ScratchDatabase | undefined;
let server: SpawnedProcess | undefined;

beforeAll(() => buildServer(), 60_000);
afterEach(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  server = undefined;
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await database?.drop();
});

/** The compiled server on a free port, once it listens: the process and its port. */
async function startCompiled(
  env: Record<string, string>,
): Promise<{ running: SpawnedProcess; port: number }> {
  server = spawnProcess([process.execPath, SERVER_BUNDLE], {
    PORT: '0',
    DEMO_DATA: 'off',
    LOG_LEVEL: 'error',
    ...env,
  });
  await server.waitFor('Switchboard console:', 90_000);
  const port = Number(/Switchboard console: http:\/\/127\.0\.0\.1:(\d+)/.exec(server.output())?.[1]);
  return { running: server, port };
}

describe('the compiled server (npm start)', () => {
  // On the embedded database: the same in both test projects, so run in one.
  it.runIf(testDatabaseKind() === 'pglite')(
    'serves the API docs pages, whose files it finds beside swagger-ui in node_modules',
    async () => {
      const { port } = await startCompiled({ DATA_DIR: dataDir });
      const docs = async (path: string) => {
        const res = await fetch(`http://127.0.0.1:${port}/api/docs${path}`);
        return { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.text() };
      };

      const page = await docs('');
      expect(page.status).toBe(200);
      expect(page.body).toContain('swagger-ui');
      const script = await docs('/static/swagger-ui-bundle.js');
      expect(script.status).toBe(200);
      expect(script.body.length).toBeGreaterThan(100_000);
      expect((await docs('/static/logo.svg')).type).toContain('image/svg+xml');
      expect(JSON.parse((await docs('/json')).body)).toHaveProperty('openapi');
      expect((await docs('/yaml')).body).toMatch(/^openapi: /);
    },
    120_000,
  );

  // A table can be taken away from under a running server only on PostgreSQL.
  it.skipIf(testDatabaseKind() !== 'postgres' || !serverUrl)(
    "logs a failed request's stack with the TypeScript file and line it failed in",
    async () => {
      database = await createScratchDatabase(serverUrl as string);
      const { running, port } = await startCompiled({
        DATABASE_URL: database.url,
        JWT_SECRET: FAULT_JWT_SECRET,
      });
      await database.query('alter table login_attempts rename to login_attempts_gone');

      const res = await api(port, '/auth/login', {
        method: 'POST',
        body: JSON.stringify({ username: 'someone', password: 'Some-password1' }),
      });

      expect(res.status).toBe(500);
      await running.waitFor('request failed', 10_000);
      expect(running.output()).toMatch(/at .*server\/src\/modules\/auth\/[\w.-]+\.ts:\d+:\d+/);
      expect(running.output()).not.toMatch(/at .*dist\/bundle\/[\w.-]+\.mjs:\d+/);
    },
    120_000,
  );
});
