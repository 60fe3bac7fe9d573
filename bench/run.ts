// `npm run bench`: HTTP latency and throughput of the foundation's hot paths against a real server.
// By default it starts a server on a fresh demo database; BENCH_DATA_DIR=/path (e.g. a `--scale 1m`
// seed) or BENCH_DATABASE_URL=postgres://… points it at a bigger data set instead.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiToken } from '../e2e/support/api.ts';
import { startServer } from '../e2e/support/server.ts';
import { openDatabase } from '../server/src/db/client.ts';
import { runMigrations } from '../server/src/db/migrate.ts';
import { queryNamed } from '../server/src/db/named-statement.ts';
import { boundStatement } from '../server/src/db/rendered-once.ts';
import { settingsForBench } from './bench-settings.ts';
import { auditPages, PAGE_TARGETS, type PageResult } from './browser-audit.ts';
import {
  type DirectSqlResult,
  pgRunner,
  preparedByServer,
  runDirectSql,
  type SqlStep,
} from './direct-sql.ts';
import { type FloorResult, runFloor } from './floor.ts';
import { selectedScenarios } from './groups.ts';
import { httpLine, measureHttp } from './http-run.ts';
import { printSendUnderLoad, SEND_UNDER_LOAD, sendUnderLoad } from './messaging-scenarios.ts';
import { type MonitorLoadResult, printMonitorLoad, runMonitorUnderLoad } from './monitor-under-load.ts';
import { type PgbenchResult, runPgbench } from './pgbench.ts';
import { stepsOf } from './repository-sql.ts';
import { type Scenario, targetFor } from './scenarios.ts';
import { chooseServer } from './server-choice.ts';
import { printSetupFunnel, runSetupFunnel, type SetupFunnelResult } from './setup-funnel.ts';
import { type FanoutResult, printFanout, runSocketFanout } from './socket-fanout.ts';
import { givenServerFromEnv } from './socket-fanout-given.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const databaseUrl = process.env.BENCH_DATABASE_URL;
const dataDir = process.env.BENCH_DATA_DIR;
const database = databaseUrl ? 'postgres' : 'pglite';
// BENCH_ONLY=geosocial runs one group, BENCH_ONLY=calls the scenarios whose name starts with it;
// BENCH_ONLY=sockets only the socket fan-out, BENCH_ONLY=monitor only the check that monitoring sees load,
// BENCH_ONLY=floor only the framework floor, BENCH_ONLY=setup only the setup funnel of BENCH_SETUP_CALLS
// (1,000) simulated calls (BENCH_ONLY=none: only the browser part).
const only = process.env.BENCH_ONLY;
const selected = selectedScenarios(only);
// The floor is a few seconds: it runs beside whatever HTTP scenarios run, so they can be read against it.
const withFloor = !only || only === 'floor' || selected.length > 0;
// Unset: the server's own default (LOG_LEVEL in server/src/config.ts, info), as a user runs it.
const logLevel = process.env.BENCH_LOG_LEVEL ?? null;
const serverChoice = await chooseServer();
console.log(
  `server: ${serverChoice.label}; log level ${logLevel ?? "the server's default (LOG_LEVEL unset: info)"}`,
);

// PGlite allows one process per directory, so on a PGlite data set the SQL twins run in this process
// before the server opens it; on PostgreSQL each runs right after its HTTP scenario.
const pgliteTwins = new Map<string, DirectSqlResult>();
if (dataDir && !databaseUrl && !serverChoice.otherBuild && selected.some((s) => s.sql)) {
  // In this thread: the driver itself, with no thread between it and the statements it times.
  const handle = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite'), inThisThread: true });
  try {
    // The twins run the SQL of this code, so the data set gets its migrations first, as the server would.
    await runMigrations(handle);
    const pglite = handle.pglite;
    if (!pglite) throw new Error('expected a PGlite handle');
    for (const scenario of selected) {
      if (!scenario.sql) continue;
      pgliteTwins.set(
        scenario.name,
        await runDirectSql(
          // Prepared as the server prepares them (named-statement.ts: every list statement but a search).
          (text, params) =>
            preparedByServer(text)
              ? queryNamed(handle.db, boundStatement(text, params ?? []))
              : pglite.query(text, params),
          await stepsOf(scenario.sql, { pglite }),
          scenario.connections ?? 10,
          scenario.durationSeconds ?? DURATION_S,
        ),
      );
    }
  } finally {
    await handle.close();
  }
}

const server = await startServer({
  demo: true,
  dataDir,
  databaseUrl,
  logLevel,
  compiled: serverChoice.compiled,
  bundle: serverChoice.otherBuild,
  // The setup funnel's simulated users each send their own address (X-Forwarded-For), as the demo traffic
  // does, so the per-address socket and request caps see many clients rather than one.
  env: { TRUST_PROXY: '127.0.0.1' },
});
try {
  const token = await apiToken(server.url);
  // The rate limits (per admin, per address, sign-ins) would turn most of a run into 429s.
  const restoreRateLimits = await settingsForBench(server.url, token);
  const monitoring: MonitorLoadResult[] = [];
  if (!only || only === 'monitor') {
    const seen = await runMonitorUnderLoad(server.url, token);
    printMonitorLoad(seen);
    monitoring.push(seen);
  }
  const floor: FloorResult[] = withFloor ? await runFloor(server) : [];
  const results = [];
  for (const scenario of selected) {
    const result = await run(server, token, scenario);
    results.push(result);
    const target = result.targetP99Ms;
    const verdict = result.p99Ms <= target ? 'ok' : 'OVER TARGET';
    console.log(
      `${httpLine(scenario.name, result)}  (target p99 ≤ ${target} ms on ${database}: ${verdict})` +
        (result.errors ? `  ${result.errors} errors/non-2xx` : ''),
    );
    const { direct, pgbench }: { direct?: DirectSqlResult; pgbench?: PgbenchResult } =
      !scenario.sql || serverChoice.otherBuild
        ? {}
        : databaseUrl
          ? await twinsOnPostgres(databaseUrl, scenario)
          : { direct: pgliteTwins.get(scenario.name) };
    const columns: string[] = [];
    if (pgbench) {
      // No transaction finished: a run too short for pgbench's connections to start (BENCH_SECONDS=1).
      const share = pgbench.queriesPerSecond ? result.requestsPerSecond / pgbench.queriesPerSecond : null;
      Object.assign(result, { pgbench: { ...pgbench, apiShare: share } });
      columns.push(
        `pgbench ${Math.round(pgbench.queriesPerSecond)} q/s, API/pgbench ` +
          `${share === null ? 'n/a' : `${(share * 100).toFixed(0)}%`}` +
          (pgbench.mode === 'prepared' ? '' : ` (${pgbench.mode})`),
      );
    }
    if (direct) {
      const ratio = result.requestsPerSecond / direct.queriesPerSecond;
      Object.assign(result, { directSql: { ...direct, apiShare: ratio } });
      columns.push(
        `driver ${Math.round(direct.queriesPerSecond)} q/s p50 ${direct.p50Ms} ms p99 ${direct.p99Ms} ms, ` +
          `API/direct ${(ratio * 100).toFixed(0)}% (target ≥ 70%: ${ratio >= 0.7 ? 'ok' : 'UNDER TARGET'})`,
      );
    }
    if (columns.length) console.log(`${'  same SQL'.padEnd(34)} ${columns.join('  ·  ')}`);
  }
  if (!only || SEND_UNDER_LOAD.startsWith(only)) {
    const sendResult = await sendUnderLoad(server.url, token);
    results.push(sendResult);
    printSendUnderLoad(sendResult);
  }
  const setupFunnel: SetupFunnelResult[] = [];
  if (!only || only === 'setup') {
    const funnel = await runSetupFunnel(server.url, token, Number(process.env.BENCH_SETUP_CALLS ?? 1000));
    printSetupFunnel(funnel);
    setupFunnel.push(funnel);
  }
  const sockets: FanoutResult[] = [];
  if (!only || only === 'sockets') {
    const given = givenServerFromEnv();
    const fanout = await runSocketFanout({
      clients: Number(process.env.BENCH_SOCKETS ?? 1000),
      broadcasts: Number(process.env.BENCH_BROADCASTS ?? (given ? 6 : 20)),
      databaseUrl,
      ...(given ? { given } : {}),
    });
    printFanout(fanout);
    sockets.push(fanout);
  }
  await restoreRateLimits();
  // BENCH_PAGES=/login audits only the listed paths (comma-separated).
  const pagePaths = process.env.BENCH_PAGES?.split(',');
  const pages: PageResult[] =
    process.env.BENCH_BROWSER === 'off' ||
    only === 'sockets' ||
    only === 'monitor' ||
    only === 'floor' ||
    only === 'setup'
      ? []
      : await auditPages(
          server.url,
          PAGE_TARGETS.filter((t) => !pagePaths || pagePaths.includes(t.path)),
        );
  for (const page of pages) printPage(page);
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  const file = new URL(`./results/${new Date().toISOString().replace(/[:.]/g, '-')}.json`, import.meta.url);
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        at: new Date().toISOString(),
        database,
        server: serverChoice.otherBuild ?? (serverChoice.compiled ? 'compiled' : 'tsx'),
        logLevel: logLevel ?? 'default',
        durationSeconds: DURATION_S,
        floor,
        results,
        monitoring,
        setupFunnel,
        sockets,
        pages,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`results: ${file.pathname}`);
} finally {
  await server.stop();
}

/** The scenario's SQL on PostgreSQL: by a `pg` pool in this process, then by pgbench. */
async function twinsOnPostgres(
  url: string,
  scenario: Scenario,
): Promise<{ direct?: DirectSqlResult; pgbench?: PgbenchResult }> {
  if (!scenario.sql) return {};
  const connections = scenario.connections ?? 10;
  const seconds = scenario.durationSeconds ?? DURATION_S;
  const steps: SqlStep[] = await stepsOf(scenario.sql, { databaseUrl: url });
  const runner = pgRunner(url, connections);
  let direct: DirectSqlResult;
  try {
    direct = await runDirectSql(runner.query, steps, connections, seconds);
  } finally {
    await runner.close();
  }
  return { direct, pgbench: await runPgbench(url, steps, connections, seconds) };
}

async function run(server: { url: string; pid: number }, token: string, scenario: Scenario) {
  const measured = await measureHttp(
    {
      url: `${server.url}${scenario.path}`,
      method: scenario.method ?? 'GET',
      headers: {
        'content-type': 'application/json',
        ...(scenario.authenticated === false ? {} : { authorization: `Bearer ${token}` }),
      },
      ...(scenario.body ? { body: JSON.stringify(scenario.body) } : {}),
      connections: scenario.connections ?? 10,
      seconds: scenario.durationSeconds ?? DURATION_S,
    },
    server.pid,
  );
  return { name: scenario.name, ...measured, targetP99Ms: targetFor(scenario, database) };
}

function printPage({
  target,
  firstLoad,
  performance,
  accessibility,
  accessibilityFailures,
  lcpMs,
  tbtMs,
}: PageResult) {
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
  console.log(
    `${`page ${target.path}${target.signedIn ? ' (signed in)' : ''}`.padEnd(24)} JS ${kb(firstLoad.jsBytes)} gzip ` +
      `(≤ ${kb(target.maxJsBytes)}: ${verdict(firstLoad.jsBytes <= target.maxJsBytes)})  CSS ${kb(firstLoad.cssBytes)}  ` +
      `Lighthouse ${target.preset}: performance ${performance} (≥ ${target.minPerformance}: ` +
      `${verdict((performance ?? 0) >= target.minPerformance)}), accessibility ${accessibility} ` +
      `(${verdict((accessibility ?? 0) >= target.minAccessibility)})  LCP ${lcpMs} ms  TBT ${tbtMs} ms`,
  );
  for (const failure of accessibilityFailures) console.log(`    accessibility: ${failure}`);
}
