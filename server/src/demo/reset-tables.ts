import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';
import * as schema from '../db/schema/all.ts';

/** Empties every table of the schema (ids restart at 1); the migrations journal is left alone. */
export async function truncateAllTables(executor: Executor): Promise<void> {
  const names = Object.values(schema as Record<string, unknown>)
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => sql.identifier(getTableName(table)));
  await executor.execute(sql`truncate table ${sql.join(names, sql`, `)} restart identity cascade`);
}
