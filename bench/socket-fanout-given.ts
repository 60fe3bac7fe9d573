// The socket fan-out against a server that is already running (BENCH_FANOUT_URL), so it can be measured
// from outside, as deployed: the admin signs in once per session the clients need, and the server's RSS
// is read from /proc when its process id is given (BENCH_FANOUT_PID).
import { readFileSync } from 'node:fs';
import { apiToken } from '../e2e/support/api.ts';
import { settingsForBench } from './bench-settings.ts';
import type { FanoutTarget } from './socket-fanout.ts';

export interface GivenServer {
  url: string;
  /** The server's process on this machine, for its RSS; without it memory is not measured. */
  pid?: number;
  /** An admin's sign-in; the demo admin's by default. */
  username?: string;
  password?: string;
}

/** BENCH_FANOUT_URL, BENCH_FANOUT_PID, BENCH_FANOUT_USER, BENCH_FANOUT_PASSWORD; undefined without the URL. */
export function givenServerFromEnv(env = process.env): GivenServer | undefined {
  if (!env.BENCH_FANOUT_URL) return undefined;
  return {
    url: env.BENCH_FANOUT_URL.replace(/\/$/, ''),
    ...(env.BENCH_FANOUT_PID ? { pid: Number(env.BENCH_FANOUT_PID) } : {}),
    ...(env.BENCH_FANOUT_USER ? { username: env.BENCH_FANOUT_USER } : {}),
    ...(env.BENCH_FANOUT_PASSWORD ? { password: env.BENCH_FANOUT_PASSWORD } : {}),
  };
}

export async function givenFanoutTarget(server: GivenServer, sessions: number): Promise<FanoutTarget> {
  const signIn = () => apiToken(server.url, server.username, server.password);
  const first = await signIn();
  // The sign-in limit would refuse most of the sessions; the settings are put back at the end.
  const restore = await settingsForBench(server.url, first);
  const tokens = [first];
  try {
    while (tokens.length < sessions) tokens.push(await signIn());
  } catch (err) {
    await restore();
    throw err;
  }
  return {
    url: server.url,
    tokens,
    memory: async () => ({ rssMb: server.pid ? rssMb(server.pid) : null, heapUsedMb: null }),
    stop: restore,
  };
}

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  if (!line) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Math.round((Number(line[1]) / 1024) * 10) / 10;
}
