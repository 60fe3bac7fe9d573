// `npm run bench`: HTTP latency and throughput of the foundation's hot paths against a real server.
// By default it starts a server on a fresh demo database; BENCH_DATA_DIR=/path (e.g. a `--scale 1m`
// seed) or BENCH_DATABASE_URL=postgres://… points it at a bigger data set instead.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { apiToken } from '../e2e/support/api.ts';
import { startServer } from '../e2e/support/server.ts';
import { openDatabase } from '../server/src/db/client.ts';
import { runMigrations } from '../server/src/db/migrate.ts';
import { queryNamed } from '../server/src/db/named-statement.ts';
import { boundStatement } from '../server/src/db/rendered-once.ts';
import { settingsForBench } from './bench-settings.ts';
import { auditPages, PAGE_TARGETS, type PageResult } from './browser-audit.ts';
import { callsScenarios } from './calls-scenarios.ts';
import { coinsScenarios } from './coins-scenarios.ts';
import { dashboardScenarios } from './dashboard-scenarios.ts';
import { databaseScenarios } from './database-scenarios.ts';
import {
  type DirectSqlResult,
  pgRunner,
  preparedByServer,
  runDirectSql,
  WARM_UP_SECONDS,
} from './direct-sql.ts';
import { geosocialScenarios } from './geosocial-scenarios.ts';
import {
  messagingScenarios,
  printSendUnderLoad,
  SEND_UNDER_LOAD,
  sendUnderLoad,
} from './messaging-scenarios.ts';
import { type MonitorLoadResult, printMonitorLoad, runMonitorUnderLoad } from './monitor-under-load.ts';
import { stepsOf } from './repository-sql.ts';
import { type Scenario, scenarios, targetFor } from './scenarios.ts';
import { type FanoutResult, printFanout, runSocketFanout } from './socket-fanout.ts';
import { trustScenarios } from './trust-scenarios.ts';

/** Every scenario file by group name, in the order they run. Add a new file's list here. */
const GROUPS: Record<string, Scenario[]> = {
  users: scenarios,
  calls: callsScenarios,
  coins: coinsScenarios,
  dashboard: dashboardScenarios,
  database: databaseScenarios,
  messaging: messagingScenarios,
  trust: trustScenarios,
  geosocial: geosocialScenarios,
};

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const databaseUrl = process.env.BENCH_DATABASE_URL;
const dataDir = process.env.BENCH_DATA_DIR;
const database = databaseUrl ? 'postgres' : 'pglite';
// BENCH_ONLY=geosocial runs one group, BENCH_ONLY=calls the scenarios whose name starts with it;
// BENCH_ONLY=sockets only the socket fan-out, BENCH_ONLY=monitor only the check that monitoring sees load
// (BENCH_ONLY=none: only the browser part).
const only = process.env.BENCH_ONLY;
const selected = Object.entries(GROUPS).flatMap(([group, list]) =>
  list.filter((s) => !only || group === only || s.name.startsWith(only)),
);

// PGlite allows one process per directory, so on a PGlite data set the SQL twins run in this process
// before the server opens it; on PostgreSQL each runs right after its HTTP scenario.
const pgliteTwins = new Map<string, DirectSqlResult>();
if (dataDir && !databaseUrl && selected.some((s) => s.sql)) {
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

const server = await startServer({ demo: true, dataDir, databaseUrl });
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
  const results = [];
  for (const scenario of selected) {
    const result = await run(server.url, token, scenario);
    results.push(result);
    const target = result.targetP99Ms;
    const verdict = result.p99Ms <= target ? 'ok' : 'OVER TARGET';
    console.log(
      `${scenario.name.padEnd(34)} ${String(Math.round(result.requestsPerSecond)).padStart(6)} req/s  ` +
        `p50 ${result.p50Ms} ms  p99 ${result.p99Ms} ms  (target p99 ≤ ${target} ms on ${database}: ${verdict})` +
        (result.errors ? `  ${result.errors} errors/non-2xx` : ''),
    );
    const direct = scenario.sql
      ? databaseUrl
        ? await directOnPostgres(databaseUrl, scenario)
        : pgliteTwins.get(scenario.name)
      : undefined;
    if (direct) {
      const ratio = result.requestsPerSecond / direct.queriesPerSecond;
      Object.assign(result, { directSql: { ...direct, apiShare: ratio } });
      console.log(
        `${'  same SQL on the driver'.padEnd(34)} ${String(Math.round(direct.queriesPerSecond)).padStart(6)} q/s    ` +
          `p50 ${direct.p50Ms} ms  p99 ${direct.p99Ms} ms  API/direct ${(ratio * 100).toFixed(0)}% ` +
          `(target ≥ 70%: ${ratio >= 0.7 ? 'ok' : 'UNDER TARGET'})`,
      );
    }
  }
  if (!only || SEND_UNDER_LOAD.startsWith(only)) {
    const sendResult = await sendUnderLoad(server.url, token);
    results.push(sendResult);
    printSendUnderLoad(sendResult);
  }
  const sockets: FanoutResult[] = [];
  if (!only || only === 'sockets') {
    const fanout = await runSocketFanout({
      clients: Number(process.env.BENCH_SOCKETS ?? 1000),
      broadcasts: Number(process.env.BENCH_BROADCASTS ?? 20),
      databaseUrl,
    });
    printFanout(fanout);
    sockets.push(fanout);
  }
  await restoreRateLimits();
  // BENCH_PAGES=/login audits only the listed paths (comma-separated).
  const pagePaths = process.env.BENCH_PAGES?.split(',');
  const pages: PageResult[] =
    process.env.BENCH_BROWSER === 'off' || only === 'sockets' || only === 'monitor'
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
    `${JSON.stringify({ at: new Date().toISOString(), database, durationSeconds: DURATION_S, results, monitoring, sockets, pages }, null, 2)}\n`,
  );
  console.log(`results: ${file.pathname}`);
} finally {
  await server.stop();
}

async function directOnPostgres(url: string, scenario: Scenario): Promise<DirectSqlResult | undefined> {
  if (!scenario.sql) return undefined;
  const connections = scenario.connections ?? 10;
  const runner = pgRunner(url, connections);
  try {
    return await runDirectSql(
      runner.query,
      await stepsOf(scenario.sql, { databaseUrl: url }),
      connections,
      scenario.durationSeconds ?? DURATION_S,
    );
  } finally {
    await runner.close();
  }
}

async function run(baseUrl: string, token: string, scenario: Scenario) {
  const options = {
    url: `${baseUrl}${scenario.path}`,
    method: scenario.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(scenario.authenticated === false ? {} : { authorization: `Bearer ${token}` }),
    },
    body: scenario.body ? JSON.stringify(scenario.body) : undefined,
    connections: scenario.connections ?? 10,
  };
  await autocannon({ ...options, duration: WARM_UP_SECONDS });
  const result = await autocannon({ ...options, duration: scenario.durationSeconds ?? DURATION_S });
  return {
    name: scenario.name,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
    targetP99Ms: targetFor(scenario, database),
  };
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
