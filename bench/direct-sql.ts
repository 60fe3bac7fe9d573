// The database's own throughput for a scenario's SQL: `connections` clients each running the request's
// statements back to back for the same duration as the HTTP run, on the same database.
import pg from 'pg';
import { statementName } from '../server/src/db/named-statement.ts';

/**
 * Each run, API or direct, starts with this long unmeasured at full concurrency: a fresh PGlite runs
 * its first seconds on a cold buffer cache and on WebAssembly not yet tiered up, which made the first
 * twin of a run look several times slower than the same statement a minute later.
 */
export const WARM_UP_SECONDS = 1;

/** One statement, as the repository sends it to the driver. */
export interface SqlStatement {
  text: string;
  params?: unknown[];
}

/** Statements one request sends side by side (`Promise.all`); a request runs its steps one after another. */
export type SqlStep = SqlStatement[];

export interface DirectSqlResult {
  queriesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

/** Runs one statement on the driver: a `pg` pool, or PGlite in this process. */
export type QueryRunner = (text: string, params?: unknown[]) => Promise<unknown>;

/**
 * Whether the server sends this statement prepared (server/src/db/named-statement.ts `queryListPage`):
 * every list and dashboard statement but a search, and only a search has ILIKE. The twins prepare the
 * same ones (on PostgreSQL a named statement, on PGlite PREPARE and EXECUTE), so neither side gets a
 * cheaper plan; one the server sends unprepared and this prepares only lowers the API's share.
 */
export const preparedByServer = (text: string) => !/\bilike\b/i.test(text);

/** A pool of `connections` clients, like the server's. */
export function pgRunner(databaseUrl: string, connections: number) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
  const query = (text: string, params?: unknown[]) =>
    preparedByServer(text)
      ? pool.query({ name: statementName(text), text, values: params })
      : pool.query(text, params);
  return { query, close: () => pool.end() };
}

export async function runDirectSql(
  query: QueryRunner,
  steps: SqlStep[],
  connections: number,
  durationSeconds: number,
): Promise<DirectSqlResult> {
  const once = async () => {
    for (const step of steps) await Promise.all(step.map((s) => query(s.text, s.params)));
  };
  const latencies: number[] = [];
  const loop = (seconds: number, record: boolean) => {
    const deadline = performance.now() + seconds * 1000;
    return Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < deadline) {
          const started = performance.now();
          await once();
          if (record) latencies.push(performance.now() - started);
        }
      }),
    );
  };
  await once(); // fail early on a wrong statement
  await loop(WARM_UP_SECONDS, false);
  await loop(durationSeconds, true);
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return { queriesPerSecond: latencies.length / durationSeconds, p50Ms: at(0.5), p99Ms: at(0.99) };
}
