import { EXACT_COUNT_LIMIT } from '@switchboard/contract/database';
import { sql } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import type { Executor } from '../../db/client.ts';
import { counterSum } from '../../db/row-counts.ts';
import { callCountOfSql, latestCallsSql } from '../calls/calls.repository.ts';
import { coinBalanceOfSql } from '../coins/coins.repository.ts';
import { newestUsersSql } from '../users/users.repository.ts';
import { rows } from './catalog-query.ts';

export interface TableStat {
  name: string;
  records: number;
  estimated: boolean;
  sizeBytes: number;
  lastUpdated: string | null;
}

/**
 * Every application table with its size from the catalog. Tables the planner believes small are
 * counted exactly; larger ones report the planner's estimate, so the screen never scans a big table.
 */
export async function tableStats(executor: Executor): Promise<TableStat[]> {
  const found = await rows<{ name: string; estimate: string; size: string; touched: string | null }>(
    executor,
    sql`select c.relname as name, c.reltuples::bigint as estimate, pg_total_relation_size(c.oid) as size,
          greatest(s.last_vacuum, s.last_autovacuum, s.last_analyze, s.last_autoanalyze) as touched
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        left join pg_stat_user_tables s on s.relid = c.oid
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const result: TableStat[] = [];
  for (const t of found) {
    const estimate = Number(t.estimate);
    // reltuples is -1 for a table never analysed: count it, with a LIMIT so a big one stays cheap.
    let records = estimate;
    let estimated = true;
    if (estimate <= EXACT_COUNT_LIMIT) {
      const [counted] = await rows<{ n: string }>(
        executor,
        sql`select count(*) as n from (select 1 from ${sql.identifier(t.name)} limit ${EXACT_COUNT_LIMIT + 1}) s`,
      );
      const n = Number(counted?.n ?? 0);
      if (n <= EXACT_COUNT_LIMIT) {
        records = n;
        estimated = false;
      } else records = Math.max(estimate, n);
    }
    result.push({
      name: t.name,
      records,
      estimated,
      sizeBytes: Number(t.size),
      lastUpdated: t.touched ? new Date(t.touched).toISOString() : null,
    });
  }
  return result;
}

export interface IndexStat {
  name: string;
  table: string;
  columns: string[];
  unique: boolean;
  sizeBytes: number;
}

export async function indexStats(executor: Executor): Promise<IndexStat[]> {
  const found = await rows<{ name: string; tbl: string; def: string; uniq: boolean; size: string }>(
    executor,
    sql`select ic.relname as name, tc.relname as tbl, pg_get_indexdef(i.indexrelid) as def,
          i.indisunique as uniq, pg_relation_size(i.indexrelid) as size
        from pg_index i join pg_class ic on ic.oid = i.indexrelid join pg_class tc on tc.oid = i.indrelid
        join pg_namespace n on n.oid = tc.relnamespace where n.nspname = 'public' order by tc.relname, ic.relname`,
  );
  return found.map((i) => ({
    name: i.name,
    table: i.tbl,
    columns: indexColumns(i.def),
    unique: i.uniq,
    sizeBytes: Number(i.size),
  }));
}

/** The key list of an index definition: `... USING btree (a, b DESC)` → ['a', 'b DESC']; expressions kept whole. */
function indexColumns(definition: string): string[] {
  const open = definition.indexOf('(');
  if (open < 0) return [];
  let depth = 0;
  let current = '';
  const parts: string[] = [];
  for (const ch of definition.slice(open + 1)) {
    if (ch === '(') depth += 1;
    if (ch === ')') {
      if (depth === 0) break;
      depth -= 1;
    }
    if (ch === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

export async function databaseSize(executor: Executor): Promise<number> {
  const [row] = await rows<{ size: string }>(
    executor,
    sql`select pg_database_size(current_database()) as size`,
  );
  return Number(row?.size ?? 0);
}

export interface SampleUserRow {
  id: string;
  username: string;
  full_name: string | null;
  email: string;
  is_active: boolean;
  is_admin: boolean;
  call_count: number;
  coin_balance: number | null;
  last_login: string | null;
}

export interface SampleCallRow {
  id: string;
  caller: string | null;
  callee: string | null;
  type: string;
  status: string;
  duration: number;
  coins_used: number;
}

export interface Sample {
  users_total: string;
  calls_total: string;
  users: SampleUserRow[];
  calls: SampleCallRow[];
}

/**
 * The Users and Calls tabs in one statement, built from their owners' pieces: the newest users
 * (users_created_at_idx) with their call count and coin balance, the latest calls (calls_started_at_idx),
 * and both totals from the counters the users and calls triggers keep, so neither big table is counted.
 */
export async function sample(executor: Executor, limit: number): Promise<Sample> {
  const [row] = await rows<Sample>(
    executor,
    sql`select
      ${counterSum('users.total')} as users_total,
      ${counterSum('calls.total')} as calls_total,
      (select coalesce(json_agg(u order by u.created_at desc, u.id desc), '[]') from (
        select u.*, ${callCountOfSql(sql`u.id`)} as call_count, ${coinBalanceOfSql(sql`u.id`)} as coin_balance
        from (${newestUsersSql(limit)}) u) u) as users,
      (select coalesce(json_agg(c order by c.started_at desc, c.id::bigint desc), '[]') from (
        ${latestCallsSql(limit)}) c) as calls`,
  );
  if (!row) throw new Error('the sample statement returned no row');
  return row;
}

/** On PostgreSQL, on the given connection (whose query timeout is lifted); on PGlite, on the database. */
export async function runMaintenanceCommand(
  executor: Executor,
  client: PoolClient | null,
  kind: 'vacuum' | 'analyze',
): Promise<void> {
  const command = kind === 'vacuum' ? 'vacuum' : 'analyze';
  if (client) await client.query(command);
  else await executor.execute(sql.raw(command));
}
