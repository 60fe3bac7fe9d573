import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from './client.ts';

/** The rows of a raw statement; both drivers answer `{ rows }`, which Drizzle's shared type leaves unknown. */
export async function queryRows<Row>(executor: Executor, statement: SQL): Promise<Row[]> {
  const result = (await executor.execute(statement)) as unknown as { rows: Row[] };
  return result.rows;
}

/** How many rows `from` (a table and its WHERE) has, counting no further than `cap`. */
export async function countUpTo(executor: Executor, from: SQL, cap: number): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    executor,
    sql`select count(*)::int as n from (select 1 from ${from} limit ${cap}) capped`,
  );
  return Number(rows[0]?.n ?? 0);
}
