// The database's own throughput for a scenario's SQL: `connections` clients each running the request's
// statements back to back for the same duration as the HTTP run, on the same database.
import pg from 'pg';

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

/** A pool of `connections` clients, like the server's. */
export function pgRunner(databaseUrl: string, connections: number) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
  return { query: (text: string, params?: unknown[]) => pool.query(text, params), close: () => pool.end() };
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
  await once(); // warm-up, and fail early on a wrong statement
  const deadline = performance.now() + durationSeconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        await once();
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return { queriesPerSecond: latencies.length / durationSeconds, p50Ms: at(0.5), p99Ms: at(0.99) };
}
