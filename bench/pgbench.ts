// The direct-SQL ceiling by PostgreSQL's own client: a scenario's statements as a pgbench script (one
// script transaction = one API request), run by Debian's /usr/bin/pgbench at the scenario's concurrency.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { preparedByServer, type SqlStep, WARM_UP_SECONDS } from './direct-sql.ts';

const run = promisify(execFile);
const PGBENCH = process.env.BENCH_PGBENCH ?? '/usr/bin/pgbench';

export interface PgbenchResult {
  /** Script transactions a second: each runs every statement one request sends. */
  queriesPerSecond: number;
  latencyAverageMs: number;
  /** `prepared` as the server sends list statements; `extended` (unnamed) when one is a search. */
  mode: 'prepared' | 'extended';
  statements: number;
}

/**
 * pgbench script for the steps: each statement on its own, `$n` turned into a variable given with `-D`
 * (sent as a parameter, as the server's driver sends it; a null becomes the literal NULL). Statements
 * the repository sends side by side run one after another here, on one connection.
 */
export function pgbenchScript(steps: SqlStep[]): { script: string; defines: string[] } {
  const defines: string[] = [];
  const lines = steps.flat().map((statement, k) => {
    const text = statement.text.replace(/\$(\d+)/g, (_, n: string) => {
      const value = statement.params?.[Number(n) - 1];
      if (value === null || value === undefined) return 'NULL';
      const name = `s${k}p${n}`;
      if (!defines.some((d) => d.startsWith(`${name}=`))) defines.push(`${name}=${asText(value)}`);
      return `:${name}`;
    });
    return `${text.trim().replace(/;$/, '')};`;
  });
  return { script: `${lines.join('\n')}\n`, defines };
}

export async function runPgbench(
  databaseUrl: string,
  steps: SqlStep[],
  connections: number,
  seconds: number,
): Promise<PgbenchResult> {
  const { script, defines } = pgbenchScript(steps);
  const statements = steps.flat();
  const mode = statements.every((s) => preparedByServer(s.text)) ? 'prepared' : 'extended';
  const dir = mkdtempSync(join(tmpdir(), 'bench-pgbench-'));
  const file = join(dir, 'request.sql');
  writeFileSync(file, script);
  const pgbench = async (duration: number) => {
    const args = ['-n', '-M', mode, '-c', String(connections), '-j', String(Math.min(2, connections))];
    args.push('-T', String(duration), '-f', file, ...defines.flatMap((d) => ['-D', d]), databaseUrl);
    // A client whose statement fails aborts the run: pgbench still prints a summary, and exits with 2.
    let out: { stdout: string; stderr: string; exited: boolean };
    try {
      out = { ...(await run(PGBENCH, args, { maxBuffer: 16 * 1024 * 1024 })), exited: true };
    } catch (err) {
      const { stdout, stderr } = err as { stdout?: string; stderr?: string };
      out = { stdout: stdout ?? '', stderr: stderr ?? String(err), exited: false };
    }
    const failed = Number(/^number of failed transactions: (\d+)/m.exec(out.stdout)?.[1] ?? 0);
    const processed = /^number of transactions actually processed: (\d+)/m.exec(out.stdout)?.[1];
    if (!out.exited || processed === undefined || failed > 0) {
      const reason = out.stderr.split('\n').find((line) => /error|fatal/i.test(line)) ?? out.stderr.trim();
      throw new Error(`pgbench failed: ${redact(reason, databaseUrl)}`);
    }
    return {
      // No tps line when no transaction finished (a run shorter than the connections' start-up).
      tps: Number(/^tps = ([\d.]+)/m.exec(out.stdout)?.[1] ?? 0),
      latencyAverageMs: Number(/^latency average = ([\d.]+) ms/m.exec(out.stdout)?.[1] ?? Number.NaN),
    };
  };
  try {
    await pgbench(WARM_UP_SECONDS);
    const { tps, latencyAverageMs } = await pgbench(seconds);
    return { queriesPerSecond: tps, latencyAverageMs, mode, statements: statements.length };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A parameter as PostgreSQL's text input reads it (what `pg` sends for it). */
function asText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return `\\x${value.toString('hex')}`;
  if (Array.isArray(value)) return `{${value.map(arrayElement).join(',')}}`;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const arrayElement = (value: unknown): string =>
  value === null || value === undefined
    ? 'NULL'
    : Array.isArray(value)
      ? asText(value)
      : `"${asText(value).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** The connection string (and its password, if any) never reaches a message. */
function redact(text: string, databaseUrl: string): string {
  let out = text.split(databaseUrl).join('<BENCH_DATABASE_URL>');
  const password = URL.canParse(databaseUrl) ? decodeURIComponent(new URL(databaseUrl).password) : '';
  if (password) out = out.split(password).join('<password>');
  return out;
}
