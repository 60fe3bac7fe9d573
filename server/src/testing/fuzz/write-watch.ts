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

/** Per table: how many rows committed transactions have inserted, updated or deleted (or truncations). */
export type Fingerprint = Record<string, string>;

/**
 * Counts every committed write to the watched tables, so that one read tells whether a request wrote.
 * A trigger on each table (row inserts, updates and deletes, and truncations) adds to a counter in a
 * schema of its own (`fuzz_watch`, outside the public schema the application lists); a rolled-back
 * write rolls its count back with it. Reading the counters costs one small query, where counting
 * every table's rows cost a scan of the whole database per request.
 */
export async function writeWatch(db: Executor, ignore: readonly string[] = WRITTEN_BY_REFUSALS) {
  const tables = (await applicationTables(db)).filter((t) => !ignore.includes(t));
  await db.execute(sql`create schema if not exists fuzz_watch`);
  await db.execute(sql`create table if not exists fuzz_watch.writes (t text primary key, n bigint not null)`);
  await db.execute(
    sql.raw(`create or replace function fuzz_watch.count_write() returns trigger language plpgsql as $$
    begin
      insert into fuzz_watch.writes (t, n) values (tg_table_name, 1)
        on conflict (t) do update set n = fuzz_watch.writes.n + 1;
      return null;
    end $$`),
  );
  // One statement for every table's triggers: a statement each made the fast profile's set-up slow.
  const names = tables.map((t) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(t)) throw new Error(`unexpected table name ${t}`);
    return `'${t}'`;
  });
  await db.execute(
    sql.raw(`do $$ declare t text; begin
      foreach t in array array[${names.join(', ')}]::text[] loop
        execute format('create or replace trigger fuzz_watch_rows after insert or update or delete on public.%I for each row execute function fuzz_watch.count_write()', t);
        execute format('create or replace trigger fuzz_watch_truncate after truncate on public.%I for each statement execute function fuzz_watch.count_write()', t);
      end loop;
    end $$`),
  );
  const statement = sql`select t, n::text as n from fuzz_watch.writes`;
  return async (): Promise<Fingerprint> =>
    Object.fromEntries((await queryRows<{ t: string; n: string }>(db, statement)).map((r) => [r.t, r.n]));
}

export const changedTables = (before: Fingerprint, after: Fingerprint) =>
  Object.keys(after).filter((t) => before[t] !== after[t]);
