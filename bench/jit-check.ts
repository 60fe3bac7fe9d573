// `BENCH_DATABASE_URL=postgres://… npm run bench:jit`: the server turns PostgreSQL's JIT off for its
// connections (server/src/db/client.ts, withJitOff). This checks that choice on every scenario with
// an SQL twin. PostgreSQL compiles a statement only when its plan's cost passes jit_above_cost, so
// each statement is first planned (EXPLAIN, no run): a scenario whose statements all stay below it
// runs the same way either way. The others run under pgbench with `jit=on` (PostgreSQL's default) and
// `jit=off`, alternated over BENCH_ROUNDS rounds (default 3) of BENCH_SECONDS (default 3), at the
// scenario's concurrency; the medians are compared. BENCH_ONLY=<group or name prefix> as for `npm run bench`.
import pg from 'pg';
import { openDatabase } from '../server/src/db/client.ts';
import { runMigrations } from '../server/src/db/migrate.ts';
import type { SqlStep } from './direct-sql.ts';
import { selectedScenarios } from './groups.ts';
import { median } from './median.ts';
import { runPgbench } from './pgbench.ts';
import { stepsOf } from './repository-sql.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) throw new Error('BENCH_DATABASE_URL is required: JIT is PostgreSQL’s');
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const only = process.env.BENCH_ONLY;

// The twins run this code's SQL, so the data set gets its migrations first, as the server would.
const handle = await openDatabase({ kind: 'postgres', url: databaseUrl });
await runMigrations(handle).finally(() => handle.close());

const planner = new pg.Client({ connectionString: databaseUrl, options: '-c jit=on' });
await planner.connect();
const threshold = Number((await planner.query('show jit_above_cost')).rows[0].jit_above_cost);

/** The highest plan cost among the statements (PostgreSQL's estimate, what it weighs against jit_above_cost). */
async function highestCost(steps: SqlStep[]): Promise<number> {
  let highest = 0;
  for (const statement of steps.flat()) {
    const { rows } = await planner.query(`explain (format json) ${statement.text}`, statement.params);
    const plan = (rows[0]['QUERY PLAN'] as { Plan: { 'Total Cost': number } }[])[0]?.Plan;
    highest = Math.max(highest, plan?.['Total Cost'] ?? 0);
  }
  return highest;
}

/** pgbench's q/s under one JIT setting: PGOPTIONS reaches pgbench's libpq connections. */
async function qps(jit: 'on' | 'off', steps: SqlStep[], connections: number): Promise<number> {
  process.env.PGOPTIONS = `-c jit=${jit}`;
  try {
    return (await runPgbench(databaseUrl as string, steps, connections, seconds)).queriesPerSecond;
  } finally {
    delete process.env.PGOPTIONS;
  }
}

let below = 0;
const compared: { name: string; on: number; off: number }[] = [];
for (const scenario of selectedScenarios(only)) {
  if (!scenario.sql) continue;
  const steps = await stepsOf(scenario.sql, { databaseUrl });
  const cost = await highestCost(steps);
  if (cost <= threshold) {
    below++;
    console.log(
      `${scenario.name.padEnd(48)} cost ${cost.toFixed(0).padStart(8)}: below JIT's threshold, never compiled`,
    );
    continue;
  }
  const on: number[] = [];
  const off: number[] = [];
  for (let round = 0; round < rounds; round++) {
    on.push(await qps('on', steps, scenario.connections ?? 10));
    off.push(await qps('off', steps, scenario.connections ?? 10));
  }
  const row = { name: scenario.name, on: median(on), off: median(off) };
  compared.push(row);
  console.log(
    `${row.name.padEnd(48)} cost ${cost.toFixed(0).padStart(8)}: jit on ${row.on.toFixed(0).padStart(6)} q/s, off ${row.off.toFixed(0).padStart(6)} q/s, ${(row.off / row.on).toFixed(2)}×`,
  );
}
await planner.end();
const worse = compared.filter((r) => r.off < r.on * 0.95);
console.log(
  `\njit_above_cost ${threshold}: ${below} scenarios below it; ${compared.length} compared, JIT off slower by more than 5% in ${worse.length}${worse.length ? ` (${worse.map((r) => r.name).join(', ')})` : ''}`,
);
