// The indexes the migrations after 0001 created, dropped or redefined, read from server/drizzle/.
import { readdirSync, readFileSync } from 'node:fs';

const MIGRATIONS = new URL('../server/drizzle/', import.meta.url);
const CREATE_INDEX = /^CREATE (?:UNIQUE )?INDEX (?:IF NOT EXISTS )?"?(\w+)"?/i;

export type Change = 'added' | 'dropped' | 'redefined';
export interface IndexChange {
  name: string;
  migration: string;
  change: Change;
  /** The CREATE INDEX of 0001, for a dropped or redefined index. */
  original?: string;
}

/** Every index a migration after 0001 created or dropped, with its 0001 definition when it had one. */
export function indexChanges(): IndexChange[] {
  const files = readdirSync(MIGRATIONS)
    .filter((f) => /^\d{4}_.*\.sql$/.test(f))
    .sort();
  const statements = (file: string) =>
    readFileSync(new URL(file, MIGRATIONS), 'utf8')
      .split(/--> statement-breakpoint|;\s*\n/)
      .map((s) => s.trim());
  const original = new Map<string, string>();
  for (const file of files.filter((f) => f.slice(0, 4) <= '0001')) {
    for (const s of statements(file)) {
      const name = CREATE_INDEX.exec(s)?.[1];
      if (name) original.set(name, s.replace(/;$/, ''));
    }
  }
  const changes = new Map<string, IndexChange>();
  for (const file of files.filter((f) => f.slice(0, 4) > '0001')) {
    const migration = file.slice(0, 4);
    for (const s of statements(file)) {
      const created = CREATE_INDEX.exec(s)?.[1];
      const dropped = /^DROP INDEX (?:IF EXISTS )?"?(\w+)"?/i.exec(s)?.[1];
      const name = created ?? dropped;
      if (!name) continue;
      const before = original.get(name);
      const existing = changes.get(name);
      const change: Change = created ? (before || existing ? 'redefined' : 'added') : 'dropped';
      changes.set(name, { name, migration: existing?.migration ?? migration, change, original: before });
    }
  }
  return [...changes.values()];
}
