import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copyOfMigratedDataDir } from './data-dir-template.ts';

const repoRoot = new URL('../..', import.meta.url).pathname;
/** What `npm start` runs, compiled by `npm run build:server` (scripts/build-server.mjs). */
export const SERVER_BUNDLE = join(repoRoot, 'server/dist/bundle/main.mjs');
/**
 * The server's output kept for failure messages: its tail only, since at LOG_LEVEL info a bench run
 * prints two lines per request.
 */
const OUTPUT_KEPT = 256 * 1024;

export interface RunningServer {
  url: string;
  /** The server process itself (node): its CPU time and memory are in /proc/<pid>. */
  pid: number;
  /** SIGTERM, wait for the exit, and give its exit code. The data dir is removed unless it was passed in. */
  stop(): Promise<number | null>;
  /** Everything the server printed, for failure messages. */
  output(): string;
}

/** The real server (built web app included) on a free port with its own fresh PGlite data dir. */
export async function startServer(options: {
  demo: boolean;
  /** The demo's simulated app users; off unless asked, so screens show the seeded rows alone. */
  traffic?: boolean;
  /** The server's LOG_LEVEL; `warn` keeps test output short; null leaves it unset (the server's default). */
  logLevel?: string | null;
  /**
   * Run the compiled bundle as `npm start` does (the default: `npm run test:e2e` builds it first, and each
   * start skips tsx compiling the sources again), or, when false, the sources through tsx.
   */
  compiled?: boolean;
  /** Another build's compiled server to run instead (a before-and-after); its web app is its own. */
  bundle?: string | undefined;
  dataDir?: string;
  /** PostgreSQL instead of PGlite in dataDir. */
  databaseUrl?: string;
  /** A fixed port, e.g. to restart on the one a stopped server had; a free one by default. */
  port?: number;
  /** The address it listens on; 127.0.0.1 by default (the NAT tests give an address their namespaces reach). */
  host?: string;
  /** More settings from the environment, e.g. the TURN server it offers. */
  env?: Record<string, string>;
}): Promise<RunningServer> {
  if (!options.bundle && (options.compiled ?? true) && !existsSync(SERVER_BUNDLE))
    throw new Error('server/dist/bundle/main.mjs is missing: run `npm run build` first');
  const bundle = options.bundle ?? ((options.compiled ?? true) ? SERVER_BUNDLE : null);
  const dataDir =
    options.dataDir ??
    (bundle && !options.databaseUrl
      ? await copyOfMigratedDataDir(bundle, async (template) => {
          const server = await startServer({ demo: false, bundle, dataDir: template });
          const code = await server.stop();
          if (code !== 0) throw new Error(`the template server exited with ${code}:\n${server.output()}`);
        })
      : mkdtempSync(join(tmpdir(), 'switchboard-e2e-')));
  let printed = '';
  const { LOG_LEVEL: _inherited, ...inherited } = process.env;
  const logLevel = options.logLevel === undefined ? 'warn' : options.logLevel;
  const child: ChildProcess = spawn(
    process.execPath,
    options.bundle
      ? [options.bundle]
      : (options.compiled ?? true)
        ? [SERVER_BUNDLE]
        : ['--import', 'tsx', join(repoRoot, 'server/src/main.ts')],
    {
      cwd: repoRoot,
      env: {
        ...inherited,
        ...(logLevel === null ? {} : { LOG_LEVEL: logLevel }),
        // The server picks a free port itself and prints it: probing for one first could race another process.
        PORT: String(options.port ?? 0),
        HOST: options.host ?? '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO_DATA: options.demo ? 'on' : 'off',
        DEMO_TRAFFIC: options.traffic ? 'on' : 'off',
        DATABASE_URL: options.databaseUrl ?? '',
        REDIS_URL: '',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const keep = (chunk: Buffer) => {
    printed += chunk;
    if (printed.length > 2 * OUTPUT_KEPT) printed = printed.slice(-OUTPUT_KEPT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = await announcedUrl(child, () => printed);
  await waitUntilReady(url, child, () => printed);
  return {
    url,
    pid: child.pid as number,
    output: () => printed,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
      return child.exitCode;
    },
  };
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/v1/health/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`server not ready after 120 s:\n${output()}`);
}

/** The URL the server prints once it listens ("Switchboard console: http://127.0.0.1:PORT"). */
async function announcedUrl(child: ChildProcess, output: () => string): Promise<string> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const match = /Switchboard console: (http:\/\/[^\s]+)/.exec(output());
    if (match?.[1]) return match[1];
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server printed no URL after 120 s:\n${output()}`);
}
