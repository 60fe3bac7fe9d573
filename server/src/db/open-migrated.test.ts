import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.ts';
import { startOpeningEmbedded } from './embedded-opening.ts';
import { openMigrating } from './open-migrated.ts';
import { PgliteThread } from './pglite-thread/pglite-thread.ts';
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

  it("fails the open with a failing migration's reason, and leaves the database as it was", async () => {
    const migrationsFolder = join(root, 'broken-migrations');
    mkdirSync(join(migrationsFolder, 'meta'), { recursive: true });
    const entry = { idx: 0, version: '7', when: 1, tag: '0000_broken', breakpoints: true };
    writeFileSync(
      join(migrationsFolder, 'meta/_journal.json'),
      JSON.stringify({ version: '7', dialect: 'postgresql', entries: [entry] }),
    );
    writeFileSync(
      join(migrationsFolder, '0000_broken.sql'),
      'create table made_first (id int);\n--> statement-breakpoint\nselect * from no_such_table;',
    );
    const dataDir = join(root, 'broken');

    const failing = PgliteThread.start({ dataDir, migrationsFolder });

    await expect(failing.opened).rejects.toThrow(/no_such_table/);
    const again = await PgliteThread.open({ dataDir });
    try {
      const { rows } = await again.query<{ made: string | null }>(
        "select to_regclass('made_first')::text as made",
      );
      expect(rows).toEqual([{ made: null }]);
    } finally {
      await again.close();
    }
  }, 60_000);
});
