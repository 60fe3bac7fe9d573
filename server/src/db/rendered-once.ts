import { is, Param, Placeholder, SQL, StringChunk, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sqlLiteral } from './sql-literal.ts';

const dialect = new PgDialect();

/**
 * A constant statement rendered to text once, its values written into the text as literals.
 * - Rendering: Drizzle walks every nested fragment each time it renders a query, a few percent of a
 *   request's CPU for a SELECT composed of many subqueries.
 * - Literals: a prepared statement with parameters is planned again on every run while PostgreSQL
 *   judges a custom plan cheaper than its generic one, and for the dashboard it always did: 0.5 of its
 *   1.1 ms on PGlite. With no parameters there is one plan, made once per connection.
 */
export function renderedOnce(query: SQL): SQL {
  const text = literalText(query);
  if (text === null) throw new Error('renderedOnce: a value of this statement has no SQL literal');
  return sql.raw(text);
}

/** The statement's text with every value written in as a literal, or null if one has no literal form. */
export function literalText(query: SQL): string | null {
  const written = literalTextKeepingPlaceholders(query);
  return written && written.names.length === 0 ? written.text : null;
}

/**
 * The statement's text with every value written in as a literal but its placeholders, which become
 * $1, $2… in the order `names` lists them; null if a value has no literal form.
 */
export function literalTextKeepingPlaceholders(query: SQL): { text: string; names: string[] } | null {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const names: string[] = [];
  const pieces: string[] = [];
  for (const param of params) {
    if (is(param, Placeholder)) {
      const known = names.indexOf(param.name);
      pieces.push(`$${known >= 0 ? known + 1 : names.push(param.name)}`);
      continue;
    }
    const literal = sqlLiteral(param);
    if (literal === undefined) return null;
    pieces.push(literal);
  }
  return { text: text.replace(/\$(\d+)/g, (_, n: string) => pieces[Number(n) - 1] as string), names };
}

/** A rendered statement (text with $n placeholders, and its parameters) as drizzle SQL again. */
export function boundStatement(text: string, params: unknown[]): SQL {
  const pieces = text.split(/\$(\d+)/);
  return new SQL(
    pieces.map((piece, i) => (i % 2 === 0 ? new StringChunk(piece) : new Param(params[Number(piece) - 1]))),
  );
}
