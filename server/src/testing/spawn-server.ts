import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface SpawnedProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>;
  /** Resolves when the output contains `text`; rejects when the process ends first or after `ms`. */
  waitFor(text: string, ms?: number): Promise<void>;
}

/** Runs a command from the repository root with the given environment added, capturing its output. */
export function spawnProcess(
  args: string[],
  env: Record<string, string>,
  options: { detached?: boolean; input?: string } = {},
): SpawnedProcess {
  const child = spawn(args[0] as string, args.slice(1), {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  // What is typed at its prompt, then the end of input.
  if (options.input !== undefined) child.stdin?.end(options.input);
  let text = '';
  child.stdout?.on('data', (chunk) => {
    text += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    text += chunk;
  });
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return {
    child,
    output: () => text,
    exited,
    waitFor: (needle, ms = 60_000) =>
      new Promise((resolve, reject) => {
        const started = Date.now();
        const check = setInterval(() => {
          if (text.includes(needle)) {
            clearInterval(check);
            resolve();
          } else if (child.exitCode !== null || child.signalCode !== null || Date.now() - started > ms) {
            clearInterval(check);
            reject(new Error(`"${needle}" did not appear; output:\n${text}`));
          }
        }, 50);
      }),
  };
}

/** The server as `node server/src/main.ts` runs it, on the embedded database in dataDir. */
export function spawnServer(dataDir: string, port: number, env: Record<string, string> = {}): SpawnedProcess {
  return spawnProcess([process.execPath, '--import', 'tsx', 'server/src/main.ts'], {
    DATA_DIR: dataDir,
    PORT: String(port),
    DEMO_DATA: 'off',
    ...env,
  });
}
