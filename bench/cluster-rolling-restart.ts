// `npm run bench:cluster`: a rolling restart (deploy/rolling-restart.sh) of three compiled instances behind
// HAProxy (deploy/haproxy.cfg as shipped) under BENCH_USERS (2,000) simulated app users, all online, calling
// at BENCH_RATE attempts a second (users / 200), with BENCH_PROBES (20) probe calls that send an ICE candidate
// every 300 ms and a console admin writing coins through HAProxy all along. Reports:
//   - calls dropped: calls live when the restart began, or answered during it, that the server ended
//     (anything but a party's hang-up) before every call had re-attached or its 30 s grace had run out;
//   - failed requests: the console's writes through HAProxy that did not answer 200, and the simulated
//     users' failures (HTTP and socket) during the restart, by kind;
//   - reconnect time p50/p95: from a simulated user's socket closing to its coming back through HAProxy;
//   - signalling again p50/p95: from a probe party's socket closing until a candidate it sent after
//     re-attaching was acknowledged as delivered by the other party's app.
// BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test; a throwaway database is made beside it and
// dropped). Needs Debian's haproxy and redis-server; builds the server when the bundle is out of date.
import { loadavg } from 'node:os';
import { buildServer, bundleIsCurrent, SERVER_BUNDLE } from '../scripts/build-server.mjs';
import { type Simulation, simulatedAddress, startSimulation } from '../server/src/simulator/simulation.ts';
import {
  callsEndedByServer,
  callsWaitingForAParty,
  startCluster,
} from '../server/src/testing/cluster-harness.ts';
import { api, registerRootAdmin, sleep, startWriteLoad } from '../server/src/testing/fault-harness.ts';
import { ProbeCall } from '../server/src/testing/probe-call.ts';

const databaseServer = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const users = Number(process.env.BENCH_USERS ?? 2000);
const rate = Number(process.env.BENCH_RATE ?? users / 200);
const probeCount = Number(process.env.BENCH_PROBES ?? 20);
const SEED = 2045;

const quantile = (values: number[], q: number) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
};
const ms = (v: number | null) => (v === null ? '–' : `${v} ms`);
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

if (!bundleIsCurrent()) {
  log('building the server');
  await buildServer();
}
log(
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; starting PostgreSQL database, Redis, 3 instances, HAProxy`,
);
const cluster = await startCluster({
  databaseServerUrl: databaseServer,
  bundle: SERVER_BUNDLE,
  haproxyMaxConn: Math.max(8000, users * 3),
  logLevel: 'error',
});
let simulation: Simulation | undefined;
const probes: ProbeCall[] = [];
try {
  const admin = await registerRootAdmin(cluster.port);
  // New accounts start with coins to call with (there is no shop without demo data).
  const settings = (await (await api(cluster.port, '/admin/settings', { headers: admin })).json()) as {
    data: { calling: Record<string, unknown>; security: Record<string, unknown> };
  };
  const saved = await api(cluster.port, '/admin/settings', {
    method: 'PUT',
    headers: admin,
    body: JSON.stringify({ ...settings.data, calling: { ...settings.data.calling, welcome_coins: 10_000 } }),
  });
  if (saved.status !== 200)
    throw new Error(`saving the settings answered ${saved.status}: ${await saved.text()}`);

  const reconnects: number[] = [];
  const errors = new Map<string, number>();
  let measuring = false;
  simulation = startSimulation({
    url: cluster.url,
    users,
    rate,
    seed: SEED,
    onlineShare: 1,
    talkMedianSeconds: 240,
    socialRate: rate / 2,
    onReconnected: (t) => {
      if (measuring) reconnects.push(t);
    },
    onError: (what, message) => {
      if (!measuring) return;
      const key = `${what}: ${message.replace(/\d+/g, 'N').slice(0, 80)}`;
      errors.set(key, (errors.get(key) ?? 0) + 1);
    },
  });
  const started = Date.now();
  for (;;) {
    const s = simulation.stats();
    if (s.online >= users * 0.95 && s.activeCalls >= Math.min(users / 10, 200)) break;
    if (Date.now() - started > 15 * 60_000)
      throw new Error(`the users did not come online: ${JSON.stringify(s)}`);
    if ((Date.now() - started) % 30_000 < 5000)
      log(`warming up: ${s.online} online, ${s.activeCalls} calls active`);
    await sleep(5000);
  }
  for (let k = 0; k < probeCount; k++)
    probes.push(
      await ProbeCall.start(
        [`bench_probe_${k}_a`, `bench_probe_${k}_b`],
        [cluster.url, cluster.url],
        [simulatedAddress(users + 2 * k), simulatedAddress(users + 2 * k + 1)],
        { reattach: true },
      ),
    );
  const writes = startWriteLoad([cluster.port], admin, probes[0]?.caller.id ?? '', 4);
  await sleep(5000);

  const before = simulation.stats();
  const liveAtStart = (
    await cluster.database.query<{ n: number }>(
      `select count(*)::int as n from calls where status = 'active'`,
    )
  )[0]?.n;
  log(
    `rolling restart: ${before.online} online, ${liveAtStart} calls live, load ${loadavg()[0]?.toFixed(1)}`,
  );
  const attemptedBefore = writes.attempted;
  const failuresBefore = [...writes.failures.values()].reduce((a, b) => a + b, 0);
  measuring = true;
  const rollStart = new Date();
  const roll = await cluster.rollingRestart();
  const rollSeconds = (Date.now() - rollStart.getTime()) / 1000;
  if (roll.code !== 0) throw new Error(`rolling-restart.sh exited ${roll.code}:\n${roll.output}`);
  const settleBy = Date.now() + 35_000;
  while (Date.now() < settleBy && (await callsWaitingForAParty(cluster.database)) > 0) await sleep(500);
  const settled = new Date();
  measuring = false;
  await writes.stop();

  const dropped = await callsEndedByServer(cluster.database, rollStart, settled);
  const attempted = writes.attempted - attemptedBefore;
  const failed = [...writes.failures.values()].reduce((a, b) => a + b, 0) - failuresBefore;
  const signalling = probes.flatMap((p) =>
    [...p.caller.reconnects, ...p.callee.reconnects].flatMap((r) =>
      r.signallingMs === null ? [] : [r.signallingMs],
    ),
  );
  const neverAgain = probes
    .flatMap((p) => [...p.caller.reconnects, ...p.callee.reconnects])
    .filter((r) => r.signallingMs === null).length;
  const lost = probes.reduce((n, p) => n + p.lost().length, 0);
  const report = {
    users,
    online: before.online,
    liveCalls: liveAtStart,
    rollSeconds,
    callsDropped: dropped.length,
    droppedReasons: Object.fromEntries(
      [...new Set(dropped.map((d) => d.end_reason))].map((r) => [
        r,
        dropped.filter((d) => d.end_reason === r).length,
      ]),
    ),
    consoleWrites: { attempted, failed, byStatus: Object.fromEntries(writes.failures) },
    simulatorFailures: Object.fromEntries(errors),
    reconnects: reconnects.length,
    reconnectP50: quantile(reconnects, 0.5),
    reconnectP95: quantile(reconnects, 0.95),
    signallingAgain: signalling.length,
    signallingAgainP50: quantile(signalling, 0.5),
    signallingAgainP95: quantile(signalling, 0.95),
    probeReconnectsWithoutSignalling: neverAgain,
    acknowledgedThenLost: lost,
    loadAverage: loadavg().map((l) => Number(l.toFixed(1))),
  };
  console.log('');
  console.log(
    `Rolling restart of 3 instances behind HAProxy, ${users} simulated app users (${before.online} online), ${liveAtStart} live calls, ${rollSeconds.toFixed(0)} s`,
  );
  console.log(
    `  calls dropped:               ${report.callsDropped} ${JSON.stringify(report.droppedReasons)}`,
  );
  console.log(
    `  failed requests:             ${failed} of ${attempted} console writes through HAProxy; simulated users: ${JSON.stringify(report.simulatorFailures)}`,
  );
  console.log(
    `  reconnect time:              p50 ${ms(report.reconnectP50)}, p95 ${ms(report.reconnectP95)} (${reconnects.length} sockets)`,
  );
  console.log(
    `  signalling again after it:   p50 ${ms(report.signallingAgainP50)}, p95 ${ms(report.signallingAgainP95)} (${signalling.length} re-attached probe sides; ${neverAgain} never signalled again)`,
  );
  console.log(`  acknowledged, then lost:     ${lost} probe candidates`);
  console.log(`  load average:                ${report.loadAverage.join(' ')}`);
  console.log(JSON.stringify(report));
} finally {
  for (const probe of probes) probe.close();
  await simulation?.stop().catch(() => undefined);
  await cluster.stop();
}
process.exit(0);
