import { createHash } from 'node:crypto';
import { is, type Query, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PgliteSession } from 'drizzle-orm/pglite';
import type { Executor } from './client.ts';
import { pgErrorCode } from './pg-errors.ts';
import { queryRows } from './query-rows.ts';
import { boundStatement, literalText } from './rendered-once.ts';
import { sqlLiteral } from './sql-literal.ts';

const dialect = new PgDialect();
const names = new Map<string, string>();
/** The other way round: the SQL text a name stands for (tracing shows it in place of PGlite's EXECUTE). */
const texts = new Map<string, string>();
/** Shapes remembered at most; the statements behind them stay prepared on their connections. */
const MAX_NAMES = 1_000;

/** The statement's name: one per SQL text, so every request of the same shape reuses one plan. */
export function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `s_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (names.size >= MAX_NAMES) {
      names.clear();
      texts.clear();
    }
    names.set(text, name);
    texts.set(name, text);
  }
  return name;
}

/** The text (with `$n` placeholders, no values) of a statement named by statementName, while it is remembered. */
export function namedStatementText(name: string): string | undefined {
  return texts.get(name);
}

/**
 * The rows of a raw statement sent as a prepared statement, parsed and planned once instead of on
 * every request (for a list page with its total and statistics, planning cost more than executing:
 * 2 ms against 0.9 on PostgreSQL, 5.4 against 1.9 on PGlite). Only for statements of a few fixed
 * shapes whose plan does not hang on a parameter's value: never for a search, whose pattern decides
 * the plan; and not inside a transaction (a refused PREPARE would abort it).
 * - PostgreSQL: a protocol-level named statement, prepared once per pooled connection by the driver.
 * - PGlite has one session and no named statements in its protocol API: SQL PREPARE once, then EXECUTE.
 */
export function queryNamed<Row>(executor: Executor, statement: SQL): Promise<Row[]> {
  return queryNamedText<Row>(executor, dialect.sqlToQuery(statement));
}

/** queryNamed for a statement rendered already (statement-shapes.ts): its text and parameters. */
export async function queryNamedText<Row>(executor: Executor, query: Query): Promise<Row[]> {
  const session = executor._.session;
  if (is(session, PgliteSession)) {
    if (recorders.has(executor)) return queryText<Row>(executor, query);
    return executeOnPglite<Row>(executor, query.sql, query.params);
  }
  const prepared = session.prepareQuery(query, undefined, statementName(query.sql), false);
  const result = (await prepared.execute()) as { rows: Row[] };
  return result.rows;
}

/** The rows of a statement rendered already, sent as it is (unnamed), like queryRows. */
export async function queryText<Row>(executor: Executor, query: Query): Promise<Row[]> {
  const result = await executor._.session.prepareQuery(query, undefined, undefined, false).execute();
  return (result as { rows: Row[] }).rows;
}

const recorders = new WeakSet<Executor>();
/**
 * A PGlite handle whose logger records the statements a request sends, for the bench to replay them
 * (bench/repository-sql.ts): it gets each statement itself rather than its PREPARE and EXECUTE.
 */
export function sendUnprepared(executor: Executor): Executor {
  recorders.add(executor);
  return executor;
}

/** A list query's opening page: the first, reached without a cursor (queryListPage's fixedFirstPage). */
export const isFirstPage = (query: { page: number; cursor?: string | undefined }) =>
  query.page === 1 && !query.cursor;

/** First-page shapes sent with literal values, at most; past it they go with parameters like any page. */
export const MAX_LITERAL_PAGES = 200;
const literalPages = new Set<string>();

/** Whether a first page may go with this text (its values written in): yes while fewer than MAX_LITERAL_PAGES. */
export function claimLiteralPage(text: string): boolean {
  if (literalPages.has(text)) return true;
  if (literalPages.size >= MAX_LITERAL_PAGES) return false;
  literalPages.add(text);
  return true;
}

/**
 * A list page: prepared (queryNamed) unless it is a search, whose pattern decides its plan.
 * A first page whose values all come from the screen's fixed choices (a filter, the page size; no
 * search, cursor, offset or id) goes with them as literals: a prepared statement with parameters was
 * planned again on every run (custom plans), which was half of a users first page (PGlite 1.1 → 0.57 ms,
 * PostgreSQL 0.65 → 0.27 ms); a literal one is planned once per connection. The opening page of every
 * list screen and its auto-refresh are this request.
 */
export function queryListPage<Row>(
  executor: Executor,
  statement: SQL,
  { searched, fixedFirstPage = false }: { searched: boolean; fixedFirstPage?: boolean },
): Promise<Row[]> {
  if (searched) return queryRows<Row>(executor, statement);
  const text = fixedFirstPage ? literalText(statement) : null;
  if (text !== null && claimLiteralPage(text)) return queryNamed<Row>(executor, sql.raw(text));
  return queryNamed<Row>(executor, statement);
}

/** Per PGlite database: the statements its session holds, and those PostgreSQL could not prepare. */
const pgliteStatements = new WeakMap<Executor, { prepared: Set<string>; refused: Set<string> }>();

async function executeOnPglite<Row>(
  executor: Executor,
  text: string,
  params: unknown[],
  retried = false,
): Promise<Row[]> {
  let known = pgliteStatements.get(executor);
  if (!known) {
    known = { prepared: new Set(), refused: new Set() };
    pgliteStatements.set(executor, known);
  }
  const name = statementName(text);
  const rows = (query: SQL) => queryRows<Row>(executor, query);
  if (known.refused.has(name)) return rows(boundStatement(text, params));
  if (!known.prepared.has(name)) {
    try {
      await executor.execute(sql.raw(`prepare ${name} as ${text}`));
    } catch (err) {
      // 42P05: already prepared in this session (by an earlier handle on the same database).
      if (pgErrorCode(err) !== '42P05') {
        // A parameter whose type PostgreSQL cannot infer without values: run it unprepared.
        known.refused.add(name);
        return rows(boundStatement(text, params));
      }
    }
    known.prepared.add(name);
  }
  // EXECUTE is a utility statement, which takes no bind parameters: its arguments are literals, each
  // coerced to the type PREPARE inferred for it. A value with no literal form runs unprepared.
  const literals = params.map(sqlLiteral);
  if (literals.some((l) => l === undefined)) return rows(boundStatement(text, params));
  try {
    return await rows(sql.raw(`execute ${name}${literals.length ? `(${literals.join(', ')})` : ''}`));
  } catch (err) {
    // 26000: the session no longer holds it (DEALLOCATE, DISCARD): prepare it again, once.
    if (pgErrorCode(err) !== '26000' || retried) throw err;
    known.prepared.delete(name);
    return executeOnPglite(executor, text, params, true);
  }
}
