import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sleep } from './testing/fault-harness.ts';
import { REPO_ROOT, type SpawnedProcess, spawnProcess } from './testing/spawn-server.ts';

const PORT = 18130;
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

/** Live processes whose environment names this DATA_DIR: the command and the server it runs. */
function processesUsing(dir: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        if (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z')) return false;
        return readFileSync(`/proc/${pid}/environ`, 'latin1').includes(`DATA_DIR=${dir}\0`);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** A request whose body is half sent, so the server is still draining until `finish`. */
function halfSentRequest(): Promise<{ finish(): Promise<string> }> {
  const body = JSON.stringify({ username: 'nobody', password: 'wrong-password' });
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(PORT, '127.0.0.1', () => {
      socket.write(
        `POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
      );
      let response = '';
      socket.on('data', (chunk) => {
        response += chunk;
      });
      const ended = new Promise<string>((done) => socket.on('close', () => done(response)));
      resolve({
        finish: () => {
          socket.write(body.slice(10));
          return ended;
        },
      });
    });
    socket.once('error', reject);
  });
}

afterAll(() => {
  for (const pid of processesUsing(dataDir)) process.kill(pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

// Process signals, not the database, are under test: run once.
describe.skipIf(process.env.SWITCHBOARD_TEST_DB === 'postgres')('the documented container command', () => {
  it('stays up while the server drains after SIGTERM to it alone (docker stop), then exits 0', async () => {
    const command = documentedContainerCommand();
    // The image holds a built web app; skip the build check here as `--no-build` does.
    const args = command[0] === 'npm' ? [...command, '--', '--no-build'] : [...command, '--no-build'];
    started = spawnProcess(args, {
      DATA_DIR: dataDir,
      PORT: String(PORT),
      DEMO_DATA: 'off',
      LOG_LEVEL: 'info',
    });
    await started.waitFor('Switchboard console:');
    const request = await halfSentRequest();
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
