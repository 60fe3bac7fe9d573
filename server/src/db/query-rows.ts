import type { SQL } from 'drizzle-orm';
import type { Executor } from './client.ts';

/** The rows of a raw statement; both drivers answer `{ rows }`, which Drizzle's shared type leaves unknown. */
export async function queryRows<Row>(executor: Executor, statement: SQL): Promise<Row[]> {
  const result = (await executor.execute(statement)) as unknown as { rows: Row[] };
  return result.rows;
}
