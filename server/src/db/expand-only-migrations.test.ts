import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './migrations-folder.ts';

/** The last migration of release 1.0.0; every later one follows docs/upgrade.md's expand-then-contract rule. */
const LAST_OF_1_0_0 = 35;

/**
 * What in a migration would break the release before it while both run during a rolling upgrade:
 * removing or renaming a table or column, changing a column's type, or requiring a value the older
 * release does not write. A migration that contracts on purpose, once no release in use needs the old
 * shape, starts with a `-- contract:` line saying which release stopped using it.
 */
function contractions(migration: string): string[] {
  if (/^--\s*contract:/i.test(migration.trimStart())) return [];
  const statements = migration
    .replace(/--[^\n]*/g, '')
    .split(/;|statement-breakpoint/i)
    .map((s) => s.replace(/\s+/g, ' ').trim().toLowerCase())
    .filter(Boolean);
  const found: string[] = [];
  for (const s of statements) {
    if (/\bdrop (table|column)\b/.test(s)) found.push(`drops: ${s}`);
    if (/\brename\b/.test(s)) found.push(`renames: ${s}`);
    if (/\balter column \S+ (set data )?type\b/.test(s)) found.push(`changes a type: ${s}`);
    if (/\bset not null\b/.test(s)) found.push(`requires a value: ${s}`);
    if (/\badd column\b/.test(s) && /\bnot null\b/.test(s) && !/\bdefault\b/.test(s))
      found.push(`adds a required column without a default: ${s}`);
  }
  return found;
}

// Reads files only: once is enough.
describe.skipIf(process.env.SWITCHBOARD_TEST_DB === 'postgres')('migrations after 1.0.0 only expand', () => {
  it('adds tables, nullable or defaulted columns, indexes and functions, and removes nothing', () => {
    const later = readdirSync(MIGRATIONS_FOLDER).filter(
      (name) => /^\d{4}_.*\.sql$/.test(name) && Number(name.slice(0, 4)) > LAST_OF_1_0_0,
    );
    const found = later.flatMap((name) =>
      contractions(readFileSync(join(MIGRATIONS_FOLDER, name), 'utf8')).map((c) => `${name} ${c}`),
    );
    expect(found).toEqual([]);
  });

  it('tells an expanding migration from a contracting one', () => {
    const expanding = [
      'CREATE TABLE "x" ("id" serial PRIMARY KEY NOT NULL, "name" text NOT NULL);',
      'ALTER TABLE "calls" ADD COLUMN "region" text;--> statement-breakpoint',
      `ALTER TABLE "calls" ADD COLUMN "tries" integer DEFAULT 0 NOT NULL;`,
      'CREATE INDEX "calls_region_idx" ON "calls" ("region");',
      'DROP INDEX IF EXISTS "old_idx"; DROP TRIGGER IF EXISTS t ON calls;',
    ];
    for (const migration of expanding) expect(contractions(migration), migration).toEqual([]);
    const contracting = [
      'ALTER TABLE "calls" DROP COLUMN "region";',
      'DROP TABLE "x";',
      'ALTER TABLE "calls" RENAME COLUMN "region" TO "area";',
      'ALTER TABLE "calls" ALTER COLUMN "tries" SET DATA TYPE bigint;',
      'ALTER TABLE "calls" ALTER COLUMN "region" SET NOT NULL;',
      'ALTER TABLE "calls" ADD COLUMN "tries" integer NOT NULL;',
    ];
    for (const migration of contracting) expect(contractions(migration), migration).toHaveLength(1);
    expect(contractions(`-- contract: 1.2.0 no longer reads calls.region\n${contracting[0]}`)).toEqual([]);
  });
});
