import { createHash } from 'node:crypto';
import { fillPlaceholders, is, type Query, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PgliteSession } from 'drizzle-orm/pglite';
import type { Executor } from './client.ts';
import { pgErrorCode } from './pg-errors.ts';
import { queryRows } from './query-rows.ts';
import { boundStatement, literalText, literalTextKeepingPlaceholders } from './rendered-once.ts';
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
 * shapes whose plan does not hang on a parameter's value: never for a search whose pattern decides the
 * plan (a common search's pattern cannot: queryPreparedSearch); and not inside a transaction (a refused
 * PREPARE would abort it).
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

/**
 * A page whose values may be written into its text (queryListPage): its first page, or a later page
 * reached by its number (an OFFSET). Each kind has its own MAX_LITERAL_PAGES texts, shared by every list
 * and kept while the process runs, so page numbers, which have no end, never take the place of a list's
 * first pages (a common search's prepared first page counts as a first page).
 */
export type LiteralPage = 'first' | 'numbered';

/** The kind of literal page a list query is on; undefined after a cursor, whose key is a value per row. */
export const literalPageOf = (query: {
  page: number;
  cursor?: string | undefined;
}): LiteralPage | undefined => (query.cursor ? undefined : query.page === 1 ? 'first' : 'numbered');

/** Page texts sent with literal values, at most, of each kind; past it they go with parameters like any page. */
export const MAX_LITERAL_PAGES = 200;
const literalPages: Record<LiteralPage, Set<string>> = { first: new Set(), numbered: new Set() };

/** Whether a page may go with this text (its values written in): yes while its kind has fewer than MAX_LITERAL_PAGES. */
export function claimLiteralPage(text: string, kind: LiteralPage): boolean {
  const claimed = literalPages[kind];
  if (claimed.has(text)) return true;
  if (claimed.size >= MAX_LITERAL_PAGES) return false;
  claimed.add(text);
  return true;
}

/**
 * A list page: prepared (queryNamed) unless it is a search, whose pattern decides its plan; a common
 * search's first page, whose pattern cannot, is prepared with `placeholders` (queryPreparedSearch).
 * A page whose values all come from the screen's fixed choices (a filter, the page size, the page
 * number; no search, cursor or id) goes with them as literals (`literal`). With parameters, PostgreSQL
 * planned it again on every run: a custom plan, because the generic one, costed for an unknown LIMIT
 * and OFFSET, always looked dearer. That was half of a users first page (PGlite 1.1 → 0.57 ms,
 * PostgreSQL 0.65 → 0.27 ms) and two thirds of coins page 50 on PostgreSQL (planning 1.1–1.7 ms
 * against 0.6–0.8 executing). A literal one is planned once per connection.
 */
export function queryListPage<Row>(
  executor: Executor,
  statement: SQL,
  {
    searched,
    literal,
    placeholders,
  }: {
    searched: boolean;
    literal?: LiteralPage | undefined;
    /** A common search's first page, built with placeholders (search-filter.ts): their values. */
    placeholders?: Record<string, unknown> | undefined;
  },
): Promise<Row[]> {
  if (placeholders) return queryPreparedSearch<Row>(executor, statement, placeholders);
  if (searched) return queryRows<Row>(executor, statement);
  const text = literal ? literalText(statement) : null;
  if (text !== null && literal && claimLiteralPage(text, literal))
    return queryNamed<Row>(executor, sql.raw(text));
  return queryNamed<Row>(executor, statement);
}

/**
 * A common search's first page (search-filter.ts, SearchForm), prepared: its fixed choices written in,
 * and its pattern and known total sent as parameters. Planned on every run, planning was 1 of its 2.5 ms
 * on PostgreSQL (coins "ann" at 1m); on PGlite the statement went from 7.7–11.8 to 5.3–5.8 ms.
 * Its texts count against the first pages' MAX_LITERAL_PAGES; past it, the page goes unprepared.
 */
async function queryPreparedSearch<Row>(
  executor: Executor,
  statement: SQL,
  values: Record<string, unknown>,
): Promise<Row[]> {
  const kept = literalTextKeepingPlaceholders(statement);
  if (kept && claimLiteralPage(kept.text, 'first'))
    return queryNamedText<Row>(executor, {
      sql: kept.text,
      params: kept.names.map(placeholderValue(values)),
    });
  const query = dialect.sqlToQuery(statement);
  return queryText<Row>(executor, { sql: query.sql, params: fillPlaceholders(query.params, values) });
}

/** A placeholder's value; a name left without one is a bug, not a null that quietly matches nothing. */
const placeholderValue = (values: Record<string, unknown>) => (name: string) => {
  if (!(name in values)) throw new Error(`no value for the statement's placeholder ${name}`);
  return values[name];
};

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
