// SQL twins taken from the server's own code, so the direct-driver comparison runs exactly what the
// repositories run: a statement rendered by Drizzle's dialect, or the statements a service function
// issues, recorded through Drizzle's query logger on a connection that is then closed.
import type { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from '../server/src/db/client.ts';
import * as schema from '../server/src/db/schema/all.ts';

export interface SqlStatement {
  text: string;
  params?: unknown[];
}

/** The statements one request runs, in order; or how to record them once a database is known. */
export type SqlTwin = SqlStatement[] | ((databaseUrl: string) => Promise<SqlStatement[]>);

const dialect = new PgDialect();

export function rendered(query: SQL): SqlStatement {
  const { sql, params } = dialect.sqlToQuery(query);
  return { text: sql, params };
}

/** Runs `work` against the database and returns every statement it issued. */
export function recorded(work: (db: Database) => Promise<unknown>): SqlTwin {
  return async (databaseUrl) => {
    const statements: SqlStatement[] = [];
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    const db = drizzle(pool, {
      schema,
      logger: { logQuery: (text, params) => statements.push({ text, params }) },
    }) as unknown as Database;
    try {
      await work(db);
    } finally {
      await pool.end();
    }
    return statements;
  };
}

/** The query string of a scenario's path, as the endpoint's schema parses it. */
export const queryOf = <T>(schema: { parse(value: unknown): T }, path: string): T =>
  schema.parse(Object.fromEntries(new URL(path, 'http://bench').searchParams));
