// `BENCH_DATABASE_URL=postgres://… npm run bench:jit`: the server turns PostgreSQL's JIT off for its
// connections (server/src/db/client.ts, withJitOff). This checks that choice on every scenario with
// an SQL twin: each twin's statements run under pgbench with `jit=on` (PostgreSQL's default) and with
// `jit=off`, side by side, at the scenario's concurrency. BENCH_SECONDS (default 3) per run;
// BENCH_ONLY=<group or name prefix> as for `npm run bench`.

import { openDatabase } from '../server/src/db/client.ts';
import { runMigrations } from '../server/src/db/migrate.ts';
import { GROUPS } from './groups.ts';
import { runPgbench } from './pgbench.ts';
import { stepsOf } from './repository-sql.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) throw new Error('BENCH_DATABASE_URL is required: JIT is PostgreSQL’s');
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const only = process.env.BENCH_ONLY;

// The twins run this code's SQL, so the data set gets its migrations first, as the server would.
const handle = await openDatabase({ kind: 'postgres', url: databaseUrl });
await runMigrations(handle).finally(() => handle.close());

/** pgbench under one JIT setting: PGOPTIONS reaches pgbench's libpq connections. */
async function withJit(jit: 'on' | 'off', run: () => Promise<number>): Promise<number> {
  const before = process.env.PGOPTIONS;
  process.env.PGOPTIONS = `-c jit=${jit}`;
  try {
    return await run();
  } finally {
    if (before === undefined) delete process.env.PGOPTIONS;
    else process.env.PGOPTIONS = before;
  }
}

const rows: { name: string; on: number; off: number }[] = [];
for (const [group, scenarios] of Object.entries(GROUPS)) {
  for (const scenario of scenarios) {
    if (!scenario.sql || (only && group !== only && !scenario.name.startsWith(only))) continue;
    const steps = await stepsOf(scenario.sql, { databaseUrl });
    const connections = scenario.connections ?? 10;
    const qps = (jit: 'on' | 'off') =>
      withJit(jit, async () => (await runPgbench(databaseUrl, steps, connections, seconds)).queriesPerSecond);
    // Alternated, so a change in the machine's load falls on both alike.
    const on = await qps('on');
    const off = await qps('off');
    rows.push({ name: scenario.name, on, off });
    console.log(
      `${scenario.name.padEnd(48)} jit on ${on.toFixed(0).padStart(7)} q/s   off ${off.toFixed(0).padStart(7)} q/s   ${(off / on).toFixed(2)}×`,
    );
  }
}
const worse = rows.filter((r) => r.off < r.on * 0.95);
console.log(
  `\n${rows.length} scenarios; JIT off is slower by more than 5% in ${worse.length}${worse.length ? `: ${worse.map((r) => r.name).join(', ')}` : ''}`,
);
