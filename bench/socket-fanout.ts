// Socket fan-out: N signed-in socket.io clients (1,000 by default), one `metrics` broadcast at a time,
// delivery latency from the server's emit to each client's handler; and the server's memory per 1,000
// idle sockets. The server runs in a child process (socket-fanout-server.ts) so its memory and event
// loop are its own; the clients share this process. With BENCH_FANOUT_URL the clients connect to that
// running server instead (socket-fanout-given.ts).
import { type ChildProcess, fork } from 'node:child_process';
import { METRICS_SAMPLE_MS, type MetricsSample } from '@switchboard/contract/monitoring';
import {
  type ClientToServerEvents,
  type ServerToClientEvents,
  SOCKET_PATH,
} from '@switchboard/contract/realtime';
import { io, type Socket } from 'socket.io-client';
import { MAX_SOCKETS_PER_SESSION, SOCKET_CAP_MESSAGES } from '../server/src/http/socket-caps.ts';
import { type GivenServer, givenFanoutTarget } from './socket-fanout-given.ts';
import type { FanoutReply, FanoutRequest } from './socket-fanout-server.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface FanoutResult {
  name: string;
  /** The bench's own server process, or a running server (BENCH_FANOUT_URL). */
  server: 'own' | 'given';
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
  /** null where it cannot be read: a given server's heap, and its RSS without BENCH_FANOUT_PID. */
  memoryPer1000Sockets: { rssMb: number | null; heapUsedMb: number | null };
}

/** A server the clients connect to, as the fan-out needs it. */
export interface FanoutTarget {
  url: string;
  /** Enough sessions' tokens for the clients: a session may hold MAX_SOCKETS_PER_SESSION sockets. */
  tokens: string[];
  /** Our own server broadcasts on request; a given one only sends its periodic metrics samples. */
  broadcast?: (id: number) => void;
  /** The process's memory, and the sockets it holds where it can say. */
  memory(): Promise<{ rssMb: number | null; heapUsedMb: number | null; sockets?: number }>;
  stop(): Promise<void>;
}

const TARGET_P95_MS = 100;
/** Handshakes in flight at once while connecting, as a crowd of browsers arriving would be. */
const CONNECT_BATCH = 50;
const ROUND_TIMEOUT_MS = 10_000;

/** One session per this many clients, and one address each (socket-caps.ts limits both). */
export const sessionsFor = (clients: number) => Math.ceil(clients / MAX_SOCKETS_PER_SESSION);

export async function runSocketFanout(options: {
  clients: number;
  broadcasts: number;
  /** A PostgreSQL server to hold the fan-out server's fresh database; in-memory PGlite without it. */
  databaseUrl?: string;
  /** A running server to measure instead of one of our own (BENCH_FANOUT_URL). */
  given?: GivenServer;
}): Promise<FanoutResult> {
  const target = options.given
    ? await givenFanoutTarget(options.given, sessionsFor(options.clients))
    : await ownFanoutTarget(options.databaseUrl, sessionsFor(options.clients));
  const clients: Client[] = [];
  try {
    // Let start-up garbage settle before the baseline.
    await sleep(1000);
    const before = await target.memory();
    for (let i = 0; i < options.clients; i += CONNECT_BATCH) {
      const batch = Array.from({ length: Math.min(CONNECT_BATCH, options.clients - i) }, (_, k) =>
        connect(target.url, target.tokens[Math.floor((i + k) / MAX_SOCKETS_PER_SESSION)] as string, i + k),
      );
      clients.push(...(await Promise.all(batch)));
    }
    await sleep(2000);
    const after = await target.memory();
    if (after.sockets !== undefined && after.sockets !== options.clients)
      throw new Error(`server holds ${after.sockets} sockets, not ${options.clients}`);
    const per1000 = (from: number | null, to: number | null) =>
      from === null || to === null ? null : Math.round(((to - from) / options.clients) * 1000 * 10) / 10;

    const rounds = target.broadcast
      ? await bySentBroadcasts(clients, options.broadcasts, target.broadcast)
      : await byMetricsSamples(clients, options.broadcasts);
    const latencies = rounds.flatMap((r) => r.latencies).sort((a, b) => a - b);
    const firsts = rounds
      .filter((r) => r.latencies.length > 0)
      .map((r) => Math.min(...r.latencies))
      .sort((a, b) => a - b);
    return {
      name: `socket fan-out ${options.clients} clients${options.given ? ' (given server)' : ''}`,
      server: options.given ? 'given' : 'own',
      clients: options.clients,
      broadcasts: rounds.length,
      deliveries: latencies.length,
      missed: rounds.reduce((sum, r) => sum + options.clients - r.latencies.length, 0),
      p50Ms: percentile(latencies, 0.5),
      p95Ms: percentile(latencies, 0.95),
      p99Ms: percentile(latencies, 0.99),
      maxMs: latencies[latencies.length - 1] ?? 0,
      firstClientP50Ms: percentile(firsts, 0.5),
      targetP95Ms: TARGET_P95_MS,
      memoryPer1000Sockets: {
        rssMb: per1000(before.rssMb, after.rssMb),
        heapUsedMb: per1000(before.heapUsedMb, after.heapUsedMb),
      },
    };
  } finally {
    for (const client of clients) client.close();
    await target.stop();
  }
}

export function printFanout(r: FanoutResult): void {
  const verdict = r.p95Ms <= r.targetP95Ms ? 'ok' : 'OVER TARGET';
  const mb = (value: number | null) => (value === null ? 'n/a' : `+${value} MB`);
  console.log(
    `${r.name.padEnd(34)} ${r.broadcasts} broadcasts  p50 ${r.p50Ms} ms  p95 ${r.p95Ms} ms  p99 ${r.p99Ms} ms  ` +
      `max ${r.maxMs} ms  first client p50 ${r.firstClientP50Ms} ms  (target p95 ≤ ${r.targetP95Ms} ms: ${verdict})${r.missed ? `  ${r.missed} missed` : ''}`,
  );
  console.log(
    `${'  memory per 1,000 idle sockets'.padEnd(34)} RSS ${mb(r.memoryPer1000Sockets.rssMb)}  ` +
      `heap ${mb(r.memoryPer1000Sockets.heapUsedMb)}`,
  );
}

/** Each round: one broadcast sent by the bench, timed from the server's emit to each client's handler. */
async function bySentBroadcasts(clients: Client[], broadcasts: number, broadcast: (id: number) => void) {
  const rounds: { latencies: number[] }[] = [];
  for (let id = 1; id <= broadcasts; id++) {
    const received = clients.map((client) => nextBroadcast(client, id));
    broadcast(id);
    const results = await Promise.all(received);
    rounds.push({ latencies: results.filter((ms) => ms !== null) });
    await sleep(250);
  }
  return rounds;
}

/**
 * A given server is not told to broadcast: its own metrics samples (every METRICS_SAMPLE_MS, each
 * instance's) are the broadcasts, timed from the sample's timestamp, which is taken before the sample
 * is measured, so each latency also holds the sampling (a database ping, the instance's heartbeat row).
 * The first sample seen is left out, since some clients may have had it before listening.
 */
async function byMetricsSamples(clients: Client[], broadcasts: number) {
  const arrivals = new Map<string, number[]>();
  const onMetrics = (sample: MetricsSample) => {
    const key = `${sample.instance_id} ${sample.timestamp}`;
    const list = arrivals.get(key) ?? [];
    arrivals.set(key, list);
    list.push(Date.now() - Date.parse(sample.timestamp));
  };
  for (const client of clients) client.on('metrics', onMetrics);
  const deadline = Date.now() + (broadcasts + 1) * (METRICS_SAMPLE_MS + ROUND_TIMEOUT_MS);
  while (arrivals.size < broadcasts + 1 && Date.now() < deadline) await sleep(100);
  // The last sample used gets the same time as a sent broadcast to reach every client.
  const lastKey = [...arrivals.keys()][broadcasts];
  const lastDeadline = Date.now() + ROUND_TIMEOUT_MS;
  while (lastKey && (arrivals.get(lastKey)?.length ?? 0) < clients.length && Date.now() < lastDeadline)
    await sleep(100);
  for (const client of clients) client.off('metrics', onMetrics);
  return [...arrivals.values()].slice(1, broadcasts + 1).map((latencies) => ({ latencies: [...latencies] }));
}

/**
 * Client `n` stands for a browser of its own: its own address, forwarded by the loopback the server
 * trusts as a proxy (TRUST_PROXY), since the server lets one address hold MAX_SOCKETS_PER_ADDRESS sockets.
 */
function connect(url: string, token: string, n: number): Promise<Client> {
  return new Promise((resolve, reject) => {
    const client: Client = io(url, {
      path: SOCKET_PATH,
      auth: { token },
      // 198.18.0.0/15 is set aside for benchmarks (RFC 2544).
      extraHeaders: { 'x-forwarded-for': `198.18.${n >> 8}.${n & 255}` },
      // The steady state of a console tab: the polling handshake is upgraded to a websocket at once.
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    client.once('connect', () => resolve(client));
    client.once('connect_error', (err) =>
      reject(
        new Error(
          `socket connect failed: ${err.message}` +
            (err.message === SOCKET_CAP_MESSAGES.address
              ? ' (start the server with TRUST_PROXY=127.0.0.1 so each client can have its own address)'
              : ''),
        ),
      ),
    );
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

async function ownFanoutTarget(databaseUrl: string | undefined, sessions: number): Promise<FanoutTarget> {
  const child: ChildProcess = fork(new URL('./socket-fanout-server.ts', import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: {
      ...process.env,
      SWITCHBOARD_TEST_DB: databaseUrl ? 'postgres' : 'pglite',
      TEST_DATABASE_URL: databaseUrl ?? '',
      BENCH_FANOUT_SESSIONS: String(sessions),
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
  const ready = await next('ready');
  return {
    url: ready.url,
    tokens: ready.tokens,
    broadcast: (id) => send({ type: 'broadcast', id }),
    async memory() {
      const reply = next('memory');
      send({ type: 'memory' });
      const { rssMb, heapUsedMb, sockets } = await reply;
      return { rssMb, heapUsedMb, sockets };
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
