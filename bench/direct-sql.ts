// The database's own throughput for a scenario's SQL: `connections` clients each running the request's
// statements back to back for the same duration as the HTTP run, on the same PostgreSQL database.
import pg from 'pg';
import type { SqlStatement } from './repository-sql.ts';

export interface DirectSqlResult {
  queriesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

export async function runDirectSql(
  databaseUrl: string,
  statements: SqlStatement[],
  connections: number,
  durationSeconds: number,
): Promise<DirectSqlResult> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
  const latencies: number[] = [];
  const runAll = async () => {
    for (const statement of statements) await pool.query(statement.text, statement.params);
  };
  try {
    await runAll(); // warm-up, and fail early on a wrong statement
    const deadline = performance.now() + durationSeconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < deadline) {
          const started = performance.now();
          await runAll();
          latencies.push(performance.now() - started);
        }
      }),
    );
  } finally {
    await pool.end();
  }
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return { queriesPerSecond: latencies.length / durationSeconds, p50Ms: at(0.5), p99Ms: at(0.99) };
}
