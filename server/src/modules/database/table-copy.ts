import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { applicationTables, rows } from './catalog-query.ts';

/** Tables kept by a wipe: the list of backups describes files that outlive the reset. */
export const KEPT_BY_WIPE = ['backups'] as const;
const COPY_BATCH = 2000;

/** Empties every application table (except those named in `keep`) and restarts their identities. */
export async function wipeTables(
  executor: Executor,
  keep: readonly string[] = KEPT_BY_WIPE,
): Promise<string[]> {
  const tables = (await applicationTables(executor)).filter((t) => !keep.includes(t));
  if (tables.length === 0) return tables;
  const list = sql.join(
    tables.map((t) => sql.identifier(t)),
    sql`, `,
  );
  await executor.execute(sql`truncate table ${list} restart identity cascade`);
  return tables;
}

/** Reads rows of one table as JSON objects, a batch at a time, in primary-key order. */
export type RowSource = (table: string, offset: number, limit: number) => Promise<Record<string, unknown>[]>;
/** Lists the source's tables. */
export type TableSource = { tables(): Promise<string[]>; rows: RowSource };

/**
 * Replaces the contents of every table the source has with the source's rows. Runs in the caller's
 * transaction with triggers off (the copied counters and balances are already right), then moves
 * each identity sequence past the highest copied id.
 */
export async function copyTables(
  tx: Executor,
  source: TableSource,
  keep: readonly string[] = KEPT_BY_WIPE,
): Promise<Record<string, number>> {
  await tx.execute(sql`set local session_replication_role = replica`);
  const targetTables = new Set(await applicationTables(tx));
  const tables = (await source.tables()).filter((t) => targetTables.has(t) && !keep.includes(t));
  await wipeTables(tx, keep);
  const copied: Record<string, number> = {};
  for (const table of tables) {
    const columns = await insertableColumns(tx, table);
    const columnList = sql.join(
      columns.map((c) => sql.identifier(c)),
      sql`, `,
    );
    copied[table] = 0;
    for (let offset = 0; ; offset += COPY_BATCH) {
      const batch = await source.rows(table, offset, COPY_BATCH);
      if (batch.length === 0) break;
      await tx.execute(sql`insert into ${sql.identifier(table)} (${columnList}) overriding system value
        select ${columnList} from json_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(batch)}::json)`);
      copied[table] += batch.length;
      if (batch.length < COPY_BATCH) break;
    }
  }
  await resetIdentities(tx);
  return copied;
}

/** Puts back the rows of `table` read earlier with `executorSource` (e.g. around a pg_restore). */
export async function replaceRows(
  tx: Executor,
  table: string,
  saved: Record<string, unknown>[],
): Promise<void> {
  await tx.execute(sql`delete from ${sql.identifier(table)}`);
  const columnList = sql.join(
    (await insertableColumns(tx, table)).map((c) => sql.identifier(c)),
    sql`, `,
  );
  if (saved.length > 0)
    await tx.execute(sql`insert into ${sql.identifier(table)} (${columnList}) overriding system value
      select ${columnList} from json_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(saved)}::json)`);
  await resetIdentities(tx);
}

/** A source reading another database through the same catalog queries. */
export function executorSource(source: Executor): TableSource {
  return {
    tables: () => applicationTables(source),
    rows: async (table, offset, limit) => {
      const order = await primaryKeyOrder(source, table);
      const found = await rows<{ r: Record<string, unknown> }>(
        source,
        sql`select row_to_json(t) as r from ${sql.identifier(table)} t order by ${order} limit ${limit} offset ${offset}`,
      );
      return found.map((f) => (typeof f.r === 'string' ? JSON.parse(f.r) : f.r));
    },
  };
}

async function primaryKeyOrder(executor: Executor, table: string) {
  const keys = await rows<{ name: string }>(
    executor,
    sql`select a.attname as name from pg_index i
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = ${`public.${table}`}::regclass and i.indisprimary order by a.attnum`,
  );
  if (keys.length === 0) return sql`ctid`;
  return sql.join(
    keys.map((k) => sql`t.${sql.identifier(k.name)}`),
    sql`, `,
  );
}

async function insertableColumns(executor: Executor, table: string): Promise<string[]> {
  const found = await rows<{ name: string }>(
    executor,
    sql`select attname as name from pg_attribute
        where attrelid = ${`public.${table}`}::regclass and attnum > 0 and not attisdropped and attgenerated = ''
        order by attnum`,
  );
  return found.map((c) => c.name);
}

async function resetIdentities(executor: Executor): Promise<void> {
  const identities = await rows<{ tbl: string; col: string }>(
    executor,
    sql`select c.relname as tbl, a.attname as col from pg_attribute a
        join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and a.attidentity <> '' and not a.attisdropped`,
  );
  for (const { tbl, col } of identities) {
    await executor.execute(sql`select setval(pg_get_serial_sequence(${`public.${tbl}`}, ${col}),
      coalesce((select max(${sql.identifier(col)}) from ${sql.identifier(tbl)}), 0) + 1, false)`);
  }
}
