import { Param, SQL, StringChunk } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

const dialect = new PgDialect();

/**
 * A constant statement rendered to text once. Drizzle walks every nested fragment each time it renders
 * a query, a few percent of a request's CPU for a SELECT composed of many subqueries; this keeps the
 * rendered text split at its placeholders with the parameters in order, so each run renders a flat list.
 */
export function renderedOnce(query: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return boundStatement(text, params);
}

/** A rendered statement (text with $n placeholders, and its parameters) as drizzle SQL again. */
export function boundStatement(text: string, params: unknown[]): SQL {
  const pieces = text.split(/\$(\d+)/);
  return new SQL(
    pieces.map((piece, i) => (i % 2 === 0 ? new StringChunk(piece) : new Param(params[Number(piece) - 1]))),
  );
}
