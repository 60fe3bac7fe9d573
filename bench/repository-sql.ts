// SQL twins taken from the server's own code, so the direct-driver comparison runs exactly what the
// repositories run: the statements a service or repository function issues, recorded through Drizzle's
// query logger.

import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Database, EmbeddedDatabase } from '../server/src/db/client.ts';
import { sendUnprepared } from '../server/src/db/named-statement.ts';
import * as schema from '../server/src/db/schema/all.ts';
import type { SqlStatement, SqlStep } from './direct-sql.ts';

/**
 * What one request runs: a statement; statements sent side by side (an array); or a service call whose
 * statements are recorded once on the bench database and then replayed one after another.
 */
export type SqlTwin = SqlStatement | SqlStatement[] | { record: (db: Database) => Promise<unknown> };

export const recorded = (work: (db: Database) => Promise<unknown>): SqlTwin => ({ record: work });

/** Where a recorded twin runs once: PostgreSQL by URL, or an open PGlite instance. */
export type RecordingTarget = { databaseUrl: string } | { pglite: EmbeddedDatabase };

/** A twin as the steps the direct-SQL run replays. */
export async function stepsOf(twin: SqlTwin, target: RecordingTarget): Promise<SqlStep[]> {
  if (Array.isArray(twin)) return [twin];
  if (!('record' in twin)) return [[twin]];
  const statements: SqlStatement[] = [];
  const logger = { logQuery: (text: string, params: unknown[]) => statements.push({ text, params }) };
  if ('pglite' in target) {
    await twin.record(
      sendUnprepared(
        drizzlePglite(target.pglite as PGlite, { schema, logger }) as unknown as Database,
      ) as Database,
    );
  } else {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 10 });
    try {
      await twin.record(drizzlePg(pool, { schema, logger }) as unknown as Database);
    } finally {
      await pool.end();
    }
  }
  return statements.map((s) => [s]);
}

/** The query string of a scenario's path, as the endpoint's schema parses it. */
export const queryOf = <T>(schema: { parse(value: unknown): T }, path: string): T =>
  schema.parse(Object.fromEntries(new URL(path, 'http://bench').searchParams));
