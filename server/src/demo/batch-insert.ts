import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';

export interface BatchOptions {
  /** Rows per statement. */
  batchSize?: number;
  /** Called after each statement with the number of rows written so far. */
  progress?: (done: number) => void;
  /** Collect the generated ids, in the order of the rows. */
  returningId?: boolean;
}

/**
 * Inserts makeRow(0..total-1) a few thousand rows per statement. Each statement carries its
 * rows as ONE json parameter expanded by json_to_recordset: no 65,535 bind-parameter limit,
 * one round trip per batch, and about twice as fast as a VALUES list through Drizzle on PGlite.
 * Rows are built lazily per batch so a million of them never sit in memory at once.
 */
export async function insertInBatches<T extends PgTable>(
  executor: Executor,
  table: T,
  total: number,
  makeRow: (i: number) => T['$inferInsert'],
  options: BatchOptions = {},
): Promise<Float64Array> {
  const batchSize = options.batchSize ?? 5_000;
  const ids = new Float64Array(options.returningId ? total : 0);
  const columns = getTableColumns(table);
  let statement: ((json: string) => ReturnType<typeof sql>) | undefined;
  for (let start = 0; start < total; start += batchSize) {
    const rows: T['$inferInsert'][] = [];
    for (let i = start; i < Math.min(total, start + batchSize); i++) rows.push(makeRow(i));
    statement ??= buildStatement(
      table,
      columns,
      Object.keys(rows[0] as object),
      options.returningId ?? false,
    );
    const result = (await executor.execute(statement(JSON.stringify(rows)))) as unknown as {
      rows: { id: unknown }[];
    };
    if (options.returningId) {
      if (result.rows.length !== rows.length)
        throw new Error(`insert returned ${result.rows.length} ids for ${rows.length} rows`);
      result.rows.forEach((row, k) => {
        ids[start + k] = Number(row.id);
      });
    }
    options.progress?.(start + rows.length);
  }
  return ids;
}

function buildStatement(
  table: PgTable,
  columns: ReturnType<typeof getTableColumns>,
  keys: string[],
  returningId: boolean,
): (json: string) => ReturnType<typeof sql> {
  const targets = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`unknown column ${key}`);
    return column;
  });
  const intoList = sql.join(
    targets.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  const selectList = sql.join(
    keys.map((k) => sql.identifier(k)),
    sql`, `,
  );
  // The record definition uses the camelCase keys so JSON.stringify(rows) needs no renaming.
  const recordDef = sql.raw(targets.map((c, i) => `"${keys[i]}" ${c.getSQLType()}`).join(', '));
  const returning = returningId ? sql` returning id` : sql``;
  return (json) =>
    sql`insert into ${table} (${intoList}) select ${selectList} from json_to_recordset(${json}::json) as r(${recordDef})${returning}`;
}
