import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const TURNSERVER = '/usr/bin/turnserver';

export interface RunningTurn {
  /** What the server's TURN_URLS takes. */
  url: string;
  /** coturn's static-auth-secret, the server's TURN_SECRET. */
  secret: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Debian's coturn on `address`, with the shared secret the server signs its time-limited credentials with
 * (the README's turnserver.conf, with ports and files of its own).
 */
export async function startCoturn(address: string, port: number): Promise<RunningTurn> {
  const dir = mkdtempSync(join(tmpdir(), 'switchboard-coturn-'));
  const secret = randomBytes(24).toString('hex');
  const conf = join(dir, 'turnserver.conf');
  writeFileSync(
    conf,
    [
      `listening-ip=${address}`,
      `relay-ip=${address}`,
      `listening-port=${port}`,
      'min-port=40000',
      'max-port=49999',
      'use-auth-secret',
      `static-auth-secret=${secret}`,
      'realm=switchboard.test',
      'fingerprint',
      'no-tls',
      'no-dtls',
      'no-cli',
      'no-multicast-peers',
      `userdb=${join(dir, 'turndb')}`,
      `pidfile=${join(dir, 'turnserver.pid')}`,
      'log-file=stdout',
      'simple-log',
      '',
    ].join('\n'),
  );
  let printed = '';
  const child: ChildProcess = spawn(TURNSERVER, ['-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk) => {
    printed = (printed + chunk).slice(-64 * 1024);
  });
  child.stderr?.on('data', (chunk) => {
    printed = (printed + chunk).slice(-64 * 1024);
  });
  await listening(address, port, child, () => printed);
  return {
    url: `turn:${address}:${port}?transport=udp`,
    secret,
    output: () => printed,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** coturn listens on TCP as well as UDP on its port: a TCP connect says it is up. */
async function listening(address: string, port: number, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`turnserver exited early:\n${output()}`);
    const up = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: address, port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`turnserver not listening on ${address}:${port} after 20 s:\n${output()}`);
}
