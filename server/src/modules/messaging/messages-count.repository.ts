import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/** The planner's row estimate of messages (kept by autovacuum/ANALYZE): no scan of the table per request. */
export async function estimatedMessageCount(db: Executor): Promise<number> {
  const result = (await db.execute(
    sql`select greatest(reltuples, 0)::bigint as n from pg_class where oid = 'messages'::regclass`,
  )) as unknown as { rows: { n: string }[] };
  return Number(result.rows[0]?.n ?? 0);
}
