// Socket fan-out: N signed-in socket.io clients (1,000 by default), one `metrics` broadcast at a time,
// delivery latency from the server's emit to each client's handler; and the server's memory per 1,000
// idle sockets. The server runs in a child process (socket-fanout-server.ts) so its memory and event
// loop are its own; the clients share this process.
import { type ChildProcess, fork } from 'node:child_process';
import type { MetricsSample } from '@switchboard/contract/monitoring';
import {
  type ClientToServerEvents,
  type ServerToClientEvents,
  SOCKET_PATH,
} from '@switchboard/contract/realtime';
import { io, type Socket } from 'socket.io-client';
import type { FanoutReply, FanoutRequest } from './socket-fanout-server.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface FanoutResult {
  name: string;
  clients: number;
  broadcasts: number;
  deliveries: number;
  missed: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Median over the broadcasts of the first client's latency: the rest of p95 is the spread across clients. */
  firstClientP50Ms: number;
  targetP95Ms: number;
  memoryPer1000Sockets: { rssMb: number; heapUsedMb: number };
}

const TARGET_P95_MS = 100;
/** Handshakes in flight at once while connecting, as a crowd of browsers arriving would be. */
const CONNECT_BATCH = 50;
const ROUND_TIMEOUT_MS = 10_000;

export async function runSocketFanout(options: {
  clients: number;
  broadcasts: number;
  /** A PostgreSQL server to hold the fan-out server's fresh database; in-memory PGlite without it. */
  databaseUrl?: string;
}): Promise<FanoutResult> {
  const server = startFanoutServer(options.databaseUrl);
  const clients: Client[] = [];
  try {
    const ready = await server.next('ready');
    // Let start-up garbage settle before the baseline.
    await sleep(1000);
    const before = await server.ask({ type: 'memory' }, 'memory');
    for (let i = 0; i < options.clients; i += CONNECT_BATCH) {
      const batch = Array.from({ length: Math.min(CONNECT_BATCH, options.clients - i) }, () =>
        connect(ready.url, ready.token),
      );
      clients.push(...(await Promise.all(batch)));
    }
    await sleep(2000);
    const after = await server.ask({ type: 'memory' }, 'memory');
    if (after.sockets !== options.clients)
      throw new Error(`server holds ${after.sockets} sockets, not ${options.clients}`);
    const per1000 = (mb: number) => Math.round((mb / options.clients) * 1000 * 10) / 10;

    const latencies: number[] = [];
    const firsts: number[] = [];
    let missed = 0;
    for (let id = 1; id <= options.broadcasts; id++) {
      const received = clients.map((client) => nextBroadcast(client, id));
      server.send({ type: 'broadcast', id });
      const results = await Promise.all(received);
      firsts.push(Math.min(...results.filter((ms) => ms !== null)));
      for (const ms of results) {
        if (ms === null) missed++;
        else latencies.push(ms);
      }
      await sleep(250);
    }
    latencies.sort((a, b) => a - b);
    firsts.sort((a, b) => a - b);
    return {
      name: `socket fan-out ${options.clients} clients`,
      clients: options.clients,
      broadcasts: options.broadcasts,
      deliveries: latencies.length,
      missed,
      p50Ms: percentile(latencies, 0.5),
      p95Ms: percentile(latencies, 0.95),
      p99Ms: percentile(latencies, 0.99),
      maxMs: latencies[latencies.length - 1] ?? 0,
      firstClientP50Ms: percentile(firsts, 0.5),
      targetP95Ms: TARGET_P95_MS,
      memoryPer1000Sockets: {
        rssMb: per1000(after.rssMb - before.rssMb),
        heapUsedMb: per1000(after.heapUsedMb - before.heapUsedMb),
      },
    };
  } finally {
    for (const client of clients) client.close();
    await server.stop();
  }
}

export function printFanout(r: FanoutResult): void {
  const verdict = r.p95Ms <= r.targetP95Ms ? 'ok' : 'OVER TARGET';
  console.log(
    `${r.name.padEnd(34)} ${r.broadcasts} broadcasts  p50 ${r.p50Ms} ms  p95 ${r.p95Ms} ms  p99 ${r.p99Ms} ms  ` +
      `max ${r.maxMs} ms  first client p50 ${r.firstClientP50Ms} ms  (target p95 ≤ ${r.targetP95Ms} ms: ${verdict})${r.missed ? `  ${r.missed} missed` : ''}`,
  );
  console.log(
    `${'  memory per 1,000 idle sockets'.padEnd(34)} RSS +${r.memoryPer1000Sockets.rssMb} MB  ` +
      `heap +${r.memoryPer1000Sockets.heapUsedMb} MB`,
  );
}

function connect(url: string, token: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const client: Client = io(url, {
      path: SOCKET_PATH,
      auth: { token },
      // The steady state of a console tab: the polling handshake is upgraded to a websocket at once.
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    client.once('connect', () => resolve(client));
    client.once('connect_error', (err) => reject(new Error(`socket connect failed: ${err.message}`)));
  });
}

/** ms from the server's emit (the sample's timestamp) to this client's handler, or null if it never came. */
function nextBroadcast(client: Client, id: number): Promise<number | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      client.off('metrics', onMetrics);
      resolve(null);
    }, ROUND_TIMEOUT_MS);
    function onMetrics(sample: MetricsSample) {
      if (sample.instance_id !== `bench-${id}`) return;
      clearTimeout(timer);
      client.off('metrics', onMetrics);
      resolve(Date.now() - Date.parse(sample.timestamp));
    }
    client.on('metrics', onMetrics);
  });
}

function startFanoutServer(databaseUrl: string | undefined) {
  const child: ChildProcess = fork(new URL('./socket-fanout-server.ts', import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: {
      ...process.env,
      SWITCHBOARD_TEST_DB: databaseUrl ? 'postgres' : 'pglite',
      TEST_DATABASE_URL: databaseUrl ?? '',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T extends FanoutReply['type']>(type: T) =>
    new Promise<Extract<FanoutReply, { type: T }>>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`fan-out server exited (${code})`));
      const onMessage = (reply: FanoutReply) => {
        if (reply.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(reply as Extract<FanoutReply, { type: T }>);
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const send = (request: FanoutRequest) => child.send(request);
  return {
    next,
    send,
    ask<T extends FanoutReply['type']>(request: FanoutRequest, type: T) {
      const reply = next(type);
      send(request);
      return reply;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      send({ type: 'stop' });
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
