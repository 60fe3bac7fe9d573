import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './testing/free-port.ts';
import { type SpawnedProcess, spawnProcess } from './testing/spawn-server.ts';
import { halfSentRequest, processesUsing } from './testing/stopping-server.ts';

const PORT = await freePort();
const dataDirs: string[] = [];
const started: SpawnedProcess[] = [];

function killIfAlive(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // Exited in the meantime.
  }
}

async function until(condition: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What a brand-new request gets now: a status, or the connection error. */
const newRequest = () =>
  fetch(`http://127.0.0.1:${PORT}/api/v1/health/simple`).then(
    (res) => res.status,
    (err: Error & { cause?: { code?: string } }) => err.cause?.code ?? err.message,
  );

afterAll(() => {
  for (const p of started) {
    try {
      if (p.child.pid) process.kill(-p.child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

// Process signals, not the database, are under test: run once.
describe.skipIf(process.env.SWITCHBOARD_TEST_DB === 'postgres')('stopping `npm start`', () => {
  it.each([
    ['SIGTERM to the process group', 'group', 'SIGTERM'],
    ['SIGINT to the process group (Ctrl-C in a terminal)', 'group', 'SIGINT'],
    ['SIGTERM to the npm process alone', 'npm', 'SIGTERM'],
    ['SIGTERM to every process of the tree (systemd stopping a control group)', 'every', 'SIGTERM'],
  ] as const)(
    '%s finishes the 10 in-flight requests, refuses new ones and leaves no process',
    async (_case, target, signal) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-stop-'));
      dataDirs.push(dataDir);
      const npm = spawnProcess(
        ['npm', 'start', '--', '--no-build'],
        // "incoming request" (the server has read the headers) is a debug line.
        { DATA_DIR: dataDir, PORT: String(PORT), DEMO_DATA: 'off', LOG_LEVEL: 'debug' },
        { detached: true },
      );
      started.push(npm);
      await npm.waitFor('Switchboard console:');
      const pid = npm.child.pid as number;
      expect(processesUsing(dataDir).length).toBeGreaterThanOrEqual(2);

      const inFlight = await Promise.all(Array.from({ length: 10 }, () => halfSentRequest(PORT)));
      // In flight: the server has read each request's headers and waits for the rest of its body.
      await until(() => npm.output().split('"incoming request"').length - 1 >= 10);
      if (target === 'every') for (const each of processesUsing(dataDir)) killIfAlive(each, signal);
      else process.kill(target === 'group' ? -pid : pid, signal);
      // npm itself may exit at once; the server's output still arrives through the inherited pipe.
      await until(() => npm.output().includes('shutting down'));
      expect(await newRequest()).toSatisfy((outcome) => outcome === 503 || outcome === 'ECONNREFUSED');

      const responses = await Promise.all(inFlight.map((request) => request.finish()));
      for (const response of responses) expect(response).toMatch(/^HTTP\/1\.1 (401|429) /);

      await npm.exited;
      await until(() => processesUsing(dataDir).length === 0).catch(() => undefined);
      expect(processesUsing(dataDir)).toEqual([]);
      expect(npm.output()).not.toContain('second signal');
      expect(npm.output()).not.toContain('did not finish in time');
    },
    90_000,
  );
});
