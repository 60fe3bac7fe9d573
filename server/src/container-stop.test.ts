import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sleep } from './testing/fault-harness.ts';
import { freePort } from './testing/free-port.ts';
import { REPO_ROOT, type SpawnedProcess, spawnProcess } from './testing/spawn-server.ts';
import { halfSentRequest, processesUsing } from './testing/stopping-server.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-container-'));
let started: SpawnedProcess | undefined;

/** The exec-form container command the README documents, e.g. ["node", "scripts/start.mjs"]. */
function documentedContainerCommand(): string[] {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const bullet = readme.split('\n- ').find((item) => item.startsWith('**Container:**')) ?? '';
  const cmd = bullet.match(/CMD (\[[^\]]+\])/)?.[1];
  if (!cmd) throw new Error('The README documents no container command');
  return JSON.parse(cmd) as string[];
}

afterAll(() => {
  for (const pid of processesUsing(dataDir)) process.kill(pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

// Process signals, not the database, are under test: run once.
describe.skipIf(process.env.SWITCHBOARD_TEST_DB === 'postgres')('the documented container command', () => {
  it('stays up while the server drains after SIGTERM to it alone (docker stop), then exits 0', async () => {
    const command = documentedContainerCommand();
    const PORT = await freePort();
    // The image holds a built web app; skip the build check here as `--no-build` does.
    const args = command[0] === 'npm' ? [...command, '--', '--no-build'] : [...command, '--no-build'];
    started = spawnProcess(args, {
      DATA_DIR: dataDir,
      PORT: String(PORT),
      DEMO_DATA: 'off',
      // "incoming request" (the server has read the headers) is a debug line.
      LOG_LEVEL: 'debug',
    });
    await started.waitFor('Switchboard console:');
    const request = await halfSentRequest(PORT);
    await started.waitFor('"incoming request"');

    // docker stop signals the container's main process only.
    started.child.kill('SIGTERM');
    await started.waitFor('shutting down');
    await sleep(500);
    expect(started.child.exitCode, 'the main process exited while the server was still draining').toBeNull();

    expect(await request.finish()).toMatch(/^HTTP\/1\.1 401 /);
    expect(await started.exited).toBe(0);
    expect(processesUsing(dataDir)).toEqual([]);
  }, 90_000);
});
