import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/** Rows of a raw catalog query, on either driver. */
export async function rows<T>(executor: Executor, query: SQL): Promise<T[]> {
  return ((await executor.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The application's tables: every base table of the public schema (migrations live elsewhere). */
export async function applicationTables(executor: Executor): Promise<string[]> {
  const found = await rows<{ name: string }>(
    executor,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
  );
  return found.map((r) => r.name);
}
