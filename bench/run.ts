// `npm run bench`: HTTP latency and throughput of the foundation's hot paths against a real server.
// By default it starts a server on a fresh demo database; BENCH_DATA_DIR=/path (e.g. a `--scale 1m`
// seed) or BENCH_DATABASE_URL=postgres://… points it at a bigger data set instead.
import { mkdirSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { apiToken } from '../e2e/support/api.ts';
import { startServer } from '../e2e/support/server.ts';
import { auditPages, type PageResult } from './browser-audit.ts';
import { callsScenarios } from './calls-scenarios.ts';
import { coinsScenarios } from './coins-scenarios.ts';
import { dashboardScenarios } from './dashboard-scenarios.ts';
import { databaseScenarios } from './database-scenarios.ts';
import { runDirectSql } from './direct-sql.ts';
import {
  messagingScenarios,
  printSendUnderLoad,
  SEND_UNDER_LOAD,
  sendUnderLoad,
} from './messaging-scenarios.ts';
import { type MonitorLoadResult, printMonitorLoad, runMonitorUnderLoad } from './monitor-under-load.ts';
import { type Scenario, scenarios } from './scenarios.ts';
import { type FanoutResult, printFanout, runSocketFanout } from './socket-fanout.ts';
import { trustScenarios } from './trust-scenarios.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
// BENCH_ONLY=calls runs only the scenarios whose name starts with it; BENCH_ONLY=sockets only the socket
// fan-out, BENCH_ONLY=monitor only the check that monitoring sees load.
const only = process.env.BENCH_ONLY;

const server = await startServer({
  demo: true,
  dataDir: process.env.BENCH_DATA_DIR,
  databaseUrl: process.env.BENCH_DATABASE_URL,
});
try {
  const token = await apiToken(server.url);
  const restorePolicies = await liftRateLimits(server.url, token);
  const monitoring: MonitorLoadResult[] = [];
  if (!only || only === 'monitor') {
    const seen = await runMonitorUnderLoad(server.url, token);
    printMonitorLoad(seen);
    monitoring.push(seen);
  }
  const results = [];
  const all = [
    ...scenarios,
    ...callsScenarios,
    ...coinsScenarios,
    ...dashboardScenarios,
    ...databaseScenarios,
    ...messagingScenarios,
    ...trustScenarios,
  ];
  for (const scenario of all.filter((s) => !only || s.name.startsWith(only))) {
    const result = await run(server.url, token, scenario);
    results.push(result);
    const verdict = result.p99Ms <= scenario.targetP99Ms ? 'ok' : 'OVER TARGET';
    console.log(
      `${scenario.name.padEnd(34)} ${String(Math.round(result.requestsPerSecond)).padStart(6)} req/s  ` +
        `p50 ${result.p50Ms} ms  p99 ${result.p99Ms} ms  (target p99 ≤ ${scenario.targetP99Ms} ms: ${verdict})` +
        (result.errors ? `  ${result.errors} errors/non-2xx` : ''),
    );
    const databaseUrl = process.env.BENCH_DATABASE_URL;
    if (scenario.sql && databaseUrl) {
      const statements = typeof scenario.sql === 'function' ? await scenario.sql(databaseUrl) : scenario.sql;
      const direct = await runDirectSql(
        databaseUrl,
        statements,
        scenario.connections ?? 10,
        scenario.durationSeconds ?? DURATION_S,
      );
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
      databaseUrl: process.env.BENCH_DATABASE_URL,
    });
    printFanout(fanout);
    sockets.push(fanout);
  }
  const pages: PageResult[] =
    process.env.BENCH_BROWSER === 'off' || only === 'sockets' || only === 'monitor'
      ? []
      : await auditPages(server.url);
  for (const page of pages) printPage(page);
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  const file = new URL(`./results/${new Date().toISOString().replace(/[:.]/g, '-')}.json`, import.meta.url);
  writeFileSync(
    file,
    `${JSON.stringify({ at: new Date().toISOString(), durationSeconds: DURATION_S, results, monitoring, sockets, pages }, null, 2)}\n`,
  );
  console.log(`results: ${file.pathname}`);
  await restorePolicies();
} finally {
  await server.stop();
}

/**
 * The one admin's budget and the sign-in limit (Security → Settings) would turn most of a run into
 * 429s: raised to their maximum for the run, and put back after it (the database may be a kept copy).
 */
async function liftRateLimits(baseUrl: string, token: string): Promise<() => Promise<void>> {
  const put = async (body: object) => {
    const res = await fetch(`${baseUrl}/api/v1/security/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`saving the security settings failed: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: Record<string, unknown> }).data;
  };
  const before = await put({});
  await put({ admin_requests_per_minute: 1_000_000, login_attempts_per_minute: 1000 });
  return async () => {
    await put({
      admin_requests_per_minute: before.admin_requests_per_minute,
      login_attempts_per_minute: before.login_attempts_per_minute,
    });
  };
}

async function run(baseUrl: string, token: string, scenario: Scenario) {
  const result = await autocannon({
    url: `${baseUrl}${scenario.path}`,
    method: scenario.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(scenario.authenticated === false ? {} : { authorization: `Bearer ${token}` }),
    },
    body: scenario.body ? JSON.stringify(scenario.body) : undefined,
    connections: scenario.connections ?? 10,
    duration: scenario.durationSeconds ?? DURATION_S,
  });
  return {
    name: scenario.name,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
    targetP99Ms: scenario.targetP99Ms,
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
