import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

const dialect = new PgDialect();
const names = new Map<string, string>();
/** Shapes remembered at most; the statements behind them stay prepared on their connections. */
const MAX_NAMES = 1_000;

/** The statement's name: one per SQL text, so every request of the same shape reuses one plan. */
export function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `s_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (names.size >= MAX_NAMES) names.clear();
    names.set(text, name);
  }
  return name;
}

/**
 * The rows of a raw statement sent as a named prepared statement: PostgreSQL parses and plans it
 * once per pooled connection instead of on every request (for a list page with its total and
 * statistics, planning cost twice the execution). Only for statements of a few fixed shapes whose
 * plan does not hang on a parameter's value: never for a search, whose pattern decides the plan.
 * PGlite has no named statements and runs it as any other.
 */
export async function queryNamed<Row>(executor: Executor, statement: SQL): Promise<Row[]> {
  const query = dialect.sqlToQuery(statement);
  const prepared = executor._.session.prepareQuery(query, undefined, statementName(query.sql), false);
  const result = (await prepared.execute()) as { rows: Row[] };
  return result.rows;
}
