import { sql } from 'drizzle-orm';

/** The planner's row estimate of messages (kept by autovacuum/ANALYZE) as a scalar subquery: no scan of the table. */
export const estimatedMessageCount = sql`(select greatest(reltuples, 0)::bigint from pg_class
  where oid = 'messages'::regclass)`;
