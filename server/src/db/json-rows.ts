import { type SQL, sql } from 'drizzle-orm';

/** A query's rows as one JSON array, as a scalar subquery: lists that ride along in a larger SELECT. */
export const jsonRows = (query: SQL) => sql`(select coalesce(json_agg(r), '[]'::json) from (${query}) r)`;

/** A json column's value: node-postgres parses it, PGlite may hand back the text. */
export const fromJson = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;
