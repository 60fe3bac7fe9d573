import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const migrations = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * A temporary copy of server/drizzle whose journal stops before the first migration whose tag ends with
 * `tagSuffix`: the schema as an older release left it. The caller removes the folder.
 */
export function migrationsBefore(tagSuffix: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'switchboard-previous-'));
  cpSync(migrations, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const first = journal.entries.findIndex((e) => e.tag.endsWith(tagSuffix));
  if (first < 0) throw new Error(`no migration tagged *${tagSuffix}`);
  journal.entries = journal.entries.slice(0, first);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}
