import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATABASE_MESSAGES } from '@switchboard/contract/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../config.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';

// A race is only proven on PostgreSQL, where the requests run on separate connections at once.
describe.skipIf(testDatabaseKind() !== 'postgres')('one backup at a time', () => {
  let t: TestApp;
  let dataDir: string;
  let auth: { authorization: string };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'backup-race-'));
    t = await createTestApp({ dataDir });
    auth = await t.authHeader(await insertUser(t.db, { username: 'root', isRootAdmin: true }));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 409 to every backup requested while one is running', async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.app.inject({ method: 'POST', url: '/api/v1/database/backup', headers: auth }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
    const refused = answers.find((a) => a.statusCode === 409);
    expect(refused?.json().message).toBe(DATABASE_MESSAGES.backupRunning);
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/database/backups', headers: auth });
    expect(listed.json().data).toHaveLength(1);
    // Once it has finished, the next one may start.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/database/backup', headers: auth })).statusCode,
    ).toBe(201);
  });
});
