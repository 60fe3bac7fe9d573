import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { apiToken } from './support/api.ts';
import { startServer } from './support/server.ts';

const repoRoot = new URL('..', import.meta.url).pathname;

describe('running the server', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-restart-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('finishes in-flight requests on SIGTERM, exits 0, and keeps data and sessions across a restart', async () => {
    const first = await startServer({ demo: false, dataDir });
    const register = await fetch(`${first.url}/api/v1/admin_root_admin/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'keeper',
        email: 'keeper@example.test',
        password: 'Keep3r!Pass',
        confirm_password: 'Keep3r!Pass',
      }),
    });
    assert.equal(register.status, 201);
    const token = await apiToken(first.url, 'keeper', 'Keep3r!Pass');

    // A sign-in whose body is half sent when SIGTERM arrives: the server has surely received the request.
    const inFlight = halfSentLogin(first.url, { username: 'keeper', password: 'Keep3r!Pass' });
    await inFlight.started;
    const exitCode = first.stop();
    inFlight.finish();
    assert.equal(await inFlight.status, 200, 'the in-flight request completes');
    assert.equal(await exitCode, 0, 'a clean exit');

    const second = await startServer({ demo: false, dataDir });
    try {
      const status = await (await fetch(`${second.url}/api/v1/admin_root_admin/status`)).json();
      assert.deepEqual(status, { success: true, enabled: false, existing_root_admins: 1 });
      // The generated JWT secret was kept in DATA_DIR, so the old access token still works.
      const users = await fetch(`${second.url}/api/v1/admin/public/users?search=keeper`, {
        headers: { authorization: `Bearer ${token}` },
      });
      assert.equal(users.status, 200);
      assert.equal(((await users.json()) as { data: { total: number } }).data.total, 1);
    } finally {
      await second.stop();
    }
  });

  it('refuses bad configuration with a one-line error naming the variable', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'server/src/main.ts')], {
      cwd: repoRoot,
      env: { ...process.env, PORT: 'eighty', DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    assert.equal(run.status, 1);
    const lines = run.stderr.trim().split('\n');
    assert.equal(lines.length, 1, run.stderr);
    assert.match(lines[0] ?? '', /^Invalid configuration: PORT /);
  });
});

/** A POST whose body is sent in two halves: `started` resolves once the first half is on the wire. */
function halfSentLogin(baseUrl: string, credentials: { username: string; password: string }) {
  const body = Buffer.from(JSON.stringify(credentials));
  const half = Math.floor(body.length / 2);
  const req = request(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': body.length },
  });
  const status = new Promise<number>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
  });
  const started = new Promise<void>((resolve) => {
    req.write(body.subarray(0, half), () => setTimeout(resolve, 200));
  });
  return { started, status, finish: () => req.end(body.subarray(half)) };
}
