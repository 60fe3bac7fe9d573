import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createScratchDatabase,
  FAULT_JWT_SECRET,
  isRunning,
  type ScratchDatabase,
  sleep,
  startRedis,
} from './fault-harness.ts';
import { freePorts } from './free-port.ts';
import { type SpawnedProcess, spawnProcess } from './spawn-server.ts';

/**
 * The cluster of `deploy/` on one machine, for the cluster test and `npm run bench:cluster`: a fresh
 * PostgreSQL database, a redis-server of its own (which may be stopped and started again), N compiled
 * instances, and HAProxy running `deploy/haproxy.cfg` unchanged (its addresses come from the environment
 * variables the file reads). `rollingRestart` runs `deploy/rolling-restart.sh` itself, with a `systemctl`
 * on its PATH that restarts the instances this harness started, as systemd would (SIGTERM, up to 30 s, then
 * SIGKILL; then start).
 */
export interface Cluster {
  /** HAProxy's address, where apps and the console connect: http://127.0.0.1:<port>. */
  url: string;
  port: number;
  /** Each instance's own port (the `switchboard@<port>` name). */
  ports: number[];
  database: ScratchDatabase;
  /** Instance i's current process. */
  instance(i: number): SpawnedProcess;
  /** Whether instance i answers readiness with 200. */
  ready(i: number): Promise<boolean>;
  /** deploy/rolling-restart.sh over every instance, in order: its exit code and output. */
  rollingRestart(): Promise<{ code: number | string; output: string }>;
  /** kill -9 of instance i; systemd's `Restart=on-failure` starts it again RestartSec (2 s) later. */
  crash(i: number): Promise<void>;
  redisStop(): Promise<void>;
  redisStart(): Promise<void>;
  /** Every instance's output so far, for a failure message. */
  output(): string;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** A PostgreSQL server (TEST_DATABASE_URL) on which a fresh database is made and dropped again. */
  databaseServerUrl: string;
  /** The compiled server to run (server/dist/bundle/main.mjs of this or another checkout). */
  bundle: string;
  instances?: number;
  /** HAProxy's connection limit on its command line (`-n`, which takes precedence over the file's
   * `maxconn`): the file's 50,000 needs a file-descriptor limit over 100,000, more than many machines allow. */
  haproxyMaxConn?: number;
  logLevel?: string;
}

const READY_PATH = '/api/v1/health/ready';
/** switchboard@.service: TimeoutStopSec and RestartSec. */
const STOP_TIMEOUT_MS = 30_000;
const RESTART_SEC_MS = 2000;

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const count = options.instances ?? 3;
  const [port, redisPort, controlPort, ...ports] = (await freePorts(count + 3)) as number[];
  const database = await createScratchDatabase(options.databaseServerUrl);
  const redisUrl = `redis://127.0.0.1:${redisPort}`;
  const scratch = mkdtempSync(join(tmpdir(), 'switchboard-cluster-'));
  // What every instance shares (switchboard.env): the database, Redis, the signing secret, the backups.
  const backupDir = join(scratch, 'backups');
  mkdirSync(backupDir);
  let redis = startRedis(redisPort as number);
  await redis.ready;
  const processes: SpawnedProcess[] = [];
  const logs: string[] = [];
  const spawnInstance = (i: number) => {
    const dataDir = join(scratch, `data-${i}`);
    mkdirSync(dataDir, { recursive: true });
    const child = spawnProcess([process.execPath, options.bundle], {
      NODE_ENV: 'production',
      PORT: String(ports[i]),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      JWT_SECRET: FAULT_JWT_SECRET,
      TRUST_PROXY: '127.0.0.1',
      DEMO_DATA: 'off',
      DATA_DIR: dataDir,
      BACKUP_DIR: backupDir,
      LOG_LEVEL: options.logLevel ?? 'warn',
    });
    const previous = processes[i];
    if (previous)
      logs.push(`--- instance ${i + 1} (port ${ports[i]}), an earlier process:\n${previous.output()}`);
    processes[i] = child;
    return child;
  };
  const ready = async (i: number) => {
    try {
      const res = await fetch(`http://127.0.0.1:${ports[i]}${READY_PATH}`, {
        signal: AbortSignal.timeout(2000),
      });
      return res.status === 200;
    } catch {
      return false;
    }
  };
  const waitReady = async (i: number, ms = 120_000) => {
    const deadline = Date.now() + ms;
    while (!(await ready(i))) {
      const child = processes[i] as SpawnedProcess;
      if (!isRunning(child)) throw new Error(`instance ${i + 1} exited:\n${child.output()}`);
      if (Date.now() > deadline) throw new Error(`instance ${i + 1} not ready:\n${child.output()}`);
      await sleep(250);
    }
  };
  const stopInstance = async (i: number) => {
    const child = processes[i] as SpawnedProcess;
    if (!isRunning(child)) return;
    child.child.kill('SIGTERM');
    const timer = setTimeout(() => child.child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await child.exited;
    clearTimeout(timer);
  };

  // The first instance applies the migrations; the others start once it is ready.
  spawnInstance(0);
  await waitReady(0);
  for (let i = 1; i < count; i++) spawnInstance(i);
  for (let i = 1; i < count; i++) await waitReady(i);

  const env: Record<string, string> = { SWITCHBOARD_LISTEN: `127.0.0.1:${port}` };
  ports.forEach((p, i) => {
    env[`SWITCHBOARD_SERVER_${i + 1}`] = `127.0.0.1:${p}`;
  });
  const haproxy = spawnProcess(
    ['haproxy', '-db', '-n', String(options.haproxyMaxConn ?? 8000), '-f', 'deploy/haproxy.cfg'],
    env,
  );
  const url = `http://127.0.0.1:${port}`;
  // Up once its health checks have seen every instance ready (rise 2, a second apart).
  const haproxyDeadline = Date.now() + 20_000;
  for (;;) {
    const res = await fetch(`${url}${READY_PATH}`).catch(() => null);
    if (res?.status === 200) break;
    if (!isRunning(haproxy) || Date.now() > haproxyDeadline)
      throw new Error(`HAProxy did not come up:\n${haproxy.output()}`);
    await sleep(250);
  }
  await sleep(2500);

  // `systemctl restart switchboard@<port>` for rolling-restart.sh: stop as systemd stops, start, and
  // return once started (Type=simple), leaving readiness to the script.
  const control: Server = createServer((req, res) => {
    const match = /^\/restart\/switchboard@(\d+)$/.exec(req.url ?? '');
    const i = match ? ports.indexOf(Number(match[1])) : -1;
    if (req.method !== 'POST' || i < 0) {
      res.writeHead(404).end(`no such unit: ${req.url}\n`);
      return;
    }
    stopInstance(i).then(
      () => {
        spawnInstance(i);
        res.writeHead(200).end();
      },
      (err) => res.writeHead(500).end(`${err}\n`),
    );
  });
  await new Promise<void>((resolve) => control.listen(controlPort, '127.0.0.1', resolve));
  const bin = join(scratch, 'bin');
  mkdirSync(bin);
  writeFileSync(
    join(bin, 'systemctl'),
    `#!/bin/sh\n# systemctl <verb> <unit>, answered by the cluster harness\nexec curl -fsS -X POST "http://127.0.0.1:${controlPort}/$1/$2"\n`,
  );
  chmodSync(join(bin, 'systemctl'), 0o755);

  const crashTimers = new Set<NodeJS.Timeout>();
  return {
    url,
    port: port as number,
    ports,
    database,
    instance: (i) => processes[i] as SpawnedProcess,
    ready,
    rollingRestart: async () => {
      const script = spawnProcess(['sh', 'deploy/rolling-restart.sh', ...ports.map(String)], {
        PATH: `${bin}:${process.env.PATH ?? ''}`,
      });
      const code = await script.exited;
      return { code, output: script.output() };
    },
    crash: async (i) => {
      const child = processes[i] as SpawnedProcess;
      child.child.kill('SIGKILL');
      await child.exited;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          crashTimers.delete(timer);
          spawnInstance(i);
          resolve();
        }, RESTART_SEC_MS);
        crashTimers.add(timer);
      });
    },
    redisStop: () => redis.stop(),
    redisStart: async () => {
      redis = startRedis(redisPort as number);
      await redis.ready;
    },
    output: () =>
      [
        ...logs,
        ...processes.map((p, i) => `--- instance ${i + 1} (port ${ports[i]}):\n${p.output()}`),
        `--- haproxy:\n${haproxy.output()}`,
      ].join('\n'),
    stop: async () => {
      for (const timer of crashTimers) clearTimeout(timer);
      await new Promise((resolve) => control.close(resolve));
      for (const p of processes) if (isRunning(p)) p.child.kill('SIGKILL');
      if (isRunning(haproxy)) haproxy.child.kill('SIGKILL');
      await Promise.all([...processes.map((p) => p.exited), haproxy.exited]);
      await redis.stop();
      await database.drop();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/**
 * Answered calls that ended between from and to by the server's doing (anything but a party's hang-up):
 * what a user hears as a dropped call.
 */
export function callsEndedByServer(
  database: ScratchDatabase,
  from: Date,
  to: Date,
): Promise<{ id: string; end_reason: string; ended_at: Date }[]> {
  return database.query(
    `select id, end_reason, ended_at from calls where answered_at is not null and end_reason <> 'hangup'
       and ended_at >= $1 and ended_at <= $2 order by id`,
    [from, to],
  );
}

/** Live calls waiting for a party whose server went away to re-attach. */
export async function callsWaitingForAParty(database: ScratchDatabase): Promise<number> {
  const [row] = await database.query<{ n: number }>(
    'select count(*)::int as n from calls where reattach_by is not null',
  );
  return row?.n ?? 0;
}
