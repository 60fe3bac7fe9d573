import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.ts';
import { startOpeningEmbedded } from './embedded-opening.ts';
import { openMigrating } from './open-migrated.ts';
import { settings } from './schema/system.ts';

const root = mkdtempSync(join(tmpdir(), 'switchboard-open-migrated-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the embedded database handed over while it opens', () => {
  it('holds a statement sent before PGlite has opened until the migrations have made its table', async () => {
    const dataDir = join(root, 'fresh');
    const { database, migrated } = await openMigrating(
      { kind: 'pglite', dataDir },
      startOpeningEmbedded(dataDir),
    );
    try {
      // Sent at once, as the app's first settings read is while the app is built.
      const rows = database.db.select().from(settings);
      await expect(rows).resolves.toEqual([]);
      await expect(migrated).resolves.toBeUndefined();
    } finally {
      await database.close();
    }
  }, 60_000);

  it('fails the start with the reason, fails the statements waiting, and frees the directory', async () => {
    const dataDir = join(root, 'not-a-directory');
    writeFileSync(dataDir, 'a file where the database should be');
    const { database, migrated } = await openMigrating(
      { kind: 'pglite', dataDir },
      startOpeningEmbedded(dataDir),
    );
    const waiting = database.db.select().from(settings);
    await expect(migrated).rejects.toThrow();
    await expect(waiting).rejects.toThrow();
    await database.close();
    expect(() => lockDataDir(dataDir).release()).not.toThrow();
  }, 60_000);
});
