// The floor under every API figure, measured in the same run: a bare Fastify route in a process of its
// own (bare-fastify-server.ts), and the real server's cheapest route, /api/v1/health/simple, which
// answers without the database. Both at 10 connections for FLOOR_SECONDS, with the CPU per request.
import { spawn } from 'node:child_process';
import { type HttpRunResult, httpLine, measureHttp } from './http-run.ts';

const FLOOR_SECONDS = 3;
const CONNECTIONS = 10;

export interface FloorResult extends HttpRunResult {
  name: string;
}

export async function runFloor(server: { url: string; pid: number }): Promise<FloorResult[]> {
  const measure = (url: string, pid: number) =>
    measureHttp({ url, connections: CONNECTIONS, seconds: FLOOR_SECONDS }, pid);
  const bare = await startBareFastify();
  const results: FloorResult[] = [];
  try {
    results.push({ name: 'floor: bare Fastify route', ...(await measure(bare.url, bare.pid)) });
  } finally {
    await bare.stop();
  }
  results.push({
    name: 'floor: /api/v1/health/simple',
    ...(await measure(`${server.url}/api/v1/health/simple`, server.pid)),
  });
  for (const r of results)
    console.log(`${httpLine(r.name, r)}${r.errors ? `  ${r.errors} errors/non-2xx` : ''}`);
  return results;
}

async function startBareFastify(): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('./bare-fastify-server.ts', import.meta.url).pathname],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let printed = '';
    child.stdout.on('data', (chunk) => {
      printed += chunk;
      const match = /bare fastify: (\S+)/.exec(printed);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`bare Fastify server exited (${code})`)));
  });
  return {
    url,
    pid: child.pid as number,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
