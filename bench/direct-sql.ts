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
 * A pool of `connections` clients, like the server's. Statements are named as the server names them
 * (server/src/db/named-statement.ts: every list and dashboard statement but a search, planned once per connection; on PGlite the twins PREPARE and EXECUTE the same way),
 * so neither side gets a cheaper plan; a statement the server sends unnamed and this names makes the
 * twin faster, which only lowers the API's share.
 */
export function pgRunner(databaseUrl: string, connections: number) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
  const query = (text: string, params?: unknown[]) =>
    /\bilike\b/i.test(text)
      ? pool.query(text, params)
      : pool.query({ name: statementName(text), text, values: params });
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
