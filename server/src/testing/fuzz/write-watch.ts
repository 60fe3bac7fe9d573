import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { applicationTables } from '../../modules/database/catalog-query.ts';

/**
 * Tables a refused request may write on purpose: the refusal itself is recorded (security events, a
 * failed sign-in's attempt for the lockout, the log lines) and the row counters that follow them.
 */
export const WRITTEN_BY_REFUSALS = [
  'security_events',
  'system_logs',
  'login_attempts',
  'row_counts',
] as const;

/** Per table: its row count and the newest row version's transaction, so an insert, update or delete shows. */
export type Fingerprint = Record<string, string>;

export async function writeWatch(db: Executor, ignore: readonly string[] = WRITTEN_BY_REFUSALS) {
  const tables = (await applicationTables(db)).filter((t) => !ignore.includes(t));
  const statement = sql.join(
    tables.map(
      (t) =>
        sql`select ${t} as t, count(*)::text || ':' || coalesce(max(xmin::text::bigint), 0)::text as f from ${sql.identifier(t)}`,
    ),
    sql` union all `,
  );
  return async (): Promise<Fingerprint> =>
    Object.fromEntries((await queryRows<{ t: string; f: string }>(db, statement)).map((r) => [r.t, r.f]));
}

export const changedTables = (before: Fingerprint, after: Fingerprint) =>
  Object.keys(after).filter((t) => before[t] !== after[t]);
