import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { DATABASE_MESSAGES } from '@switchboard/contract/database';
import { parse } from 'pg-connection-string';
import { toolSearchPath } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { writePgliteBackup } from '../../db/pglite-backup/pglite-backup.ts';
import { PgliteThread } from '../../db/pglite-thread/pglite-thread.ts';
import { HttpError } from '../../http/http-error.ts';

const run = promisify(execFile);

/** BACKUP_DIR, or DATA_DIR/backups when it is unset. */
export const backupDir = (files: { dataDir: string; backupDir?: string | undefined }) =>
  files.backupDir ?? join(files.dataDir, 'backups');

/** PGlite backups are its gzipped data directory; PostgreSQL's are pg_dump's custom format. */
export function backupFilename(kind: DatabaseHandle['kind'], at: Date): string {
  const stamp = at.toISOString().replace(/[:.]/g, '-');
  return kind === 'pglite' ? `switchboard-${stamp}.tar.gz` : `switchboard-${stamp}.dump`;
}

const BACKUP_FILE = /^switchboard-.+\.(tar\.gz|dump)$/;

/** The backup files in `dir` (only names a backup is given: BACKUP_DIR may hold other files). */
async function backupFilesIn(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.filter((name) => BACKUP_FILE.test(name));
}

export async function backupFilesUsage(dir: string): Promise<{ files: number; bytes: number }> {
  let bytes = 0;
  const names = await backupFilesIn(dir);
  for (const name of names) bytes += (await stat(join(dir, name)).catch(() => ({ size: 0 }))).size;
  return { files: names.length, bytes };
}

/** Removes the named files and every other backup file in `dir` (a partial one left by a crash too). */
export async function removeBackupFiles(dir: string, names: readonly string[]): Promise<void> {
  const all = new Set([...names.filter((name) => BACKUP_FILE.test(name)), ...(await backupFilesIn(dir))]);
  await Promise.all([...all].map((name) => rm(join(dir, name), { force: true })));
}

/**
 * Writes the backup file and returns its size. An abort (the server shutting down) stops the backup
 * (pg_dump, or PGlite's) and removes the partial file.
 */
export async function writeBackupFile(
  handle: DatabaseHandle,
  path: string,
  signal?: AbortSignal,
): Promise<number> {
  await mkdir(join(path, '..'), { recursive: true, mode: 0o700 });
  const { pglite } = handle;
  if (pglite instanceof PgliteThread) return (await pglite.writeBackup(path, signal)).bytes;
  if (pglite) return (await writePgliteBackup(pglite, path, signal ?? new AbortController().signal)).bytes;
  if (!handle.url) throw new Error('no PostgreSQL URL to back up');
  await requireBinary('pg_dump', DATABASE_MESSAGES.pgDumpMissing);
  // pg_dump writes into the file as it finds it, so it stays readable by this user only.
  await writeFile(path, '', { mode: 0o600 });
  try {
    await run('pg_dump', ['-Fc', '--no-owner', '-f', path], {
      maxBuffer: 16 * 1024 * 1024,
      signal,
      // Named, so that the instance that finds this backup abandoned can end the dump's session, and with
      // it a pg_dump whose server was killed (it would go on writing otherwise).
      env: { ...libpqEnvironment(handle.url), PGAPPNAME: backupSessionName(basename(path)) },
    });
  } catch (error) {
    await rm(path, { force: true });
    throw new Error(toolFailure('pg_dump', error));
  }
  return (await stat(path)).size;
}

/**
 * Loads a pg_dump archive into the database at url, replacing what is there, in one transaction. The
 * application's schemas are dropped first rather than only the objects the archive has (pg_restore
 * --clean): a backup made before an upgrade then comes back exactly as it was, without the tables and
 * functions of later migrations beside it, ready for the caller to migrate. pg_restore turns the archive
 * into SQL for psql, and the COMMIT is sent only once pg_restore has finished without error, so a
 * damaged archive rolls everything back instead of committing the part that was read.
 */
export async function pgRestore(url: string, path: string): Promise<void> {
  await requireBinary('pg_restore', DATABASE_MESSAGES.pgRestoreMissing);
  await requireBinary('psql', DATABASE_MESSAGES.psqlMissing);
  const load = spawn(
    'psql',
    [
      '--no-psqlrc',
      '--quiet',
      '--set',
      'ON_ERROR_STOP=1',
      '--command',
      'BEGIN; DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;',
      '--file',
      '-',
    ],
    { stdio: ['pipe', 'ignore', 'pipe'], env: libpqEnvironment(url) },
  );
  // psql stopping on an error closes its input; its exit code reports that, not a broken pipe.
  load.stdin.on('error', () => undefined);
  const loaded = exited(load);
  const script = spawn('pg_restore', ['--no-owner', '--file', '-', path], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const scripted = exited(script);
  // Once psql has stopped nothing reads pg_restore's output, which would otherwise wait on it forever.
  void loaded.then(() => script.exitCode === null && script.kill());
  script.stdout.pipe(load.stdin, { end: false });
  const dumped = await scripted;
  load.stdin.end(dumped.code === 0 ? 'COMMIT;\n' : '');
  const restored = await loaded;
  if (dumped.code !== 0) throw new BackupUnreadableError(withoutSecrets(`restore failed: ${dumped.stderr}`));
  if (restored.code !== 0)
    throw new Error(
      withoutSecrets(`restore failed: ${[dumped.stderr, restored.stderr].filter(Boolean).join('\n')}`),
    );
}

/**
 * The connection for pg_dump, pg_restore and psql, given as libpq's environment variables rather
 * than a URL in argv, where any user of the machine could read it (ps) and every error message
 * would repeat it.
 */
function libpqEnvironment(url: string): NodeJS.ProcessEnv {
  // Read as pg reads it, so every URL the server connects with works here too (a Unix socket's among them).
  const parts = parse(url);
  // Nothing else of ours: PATH to find the tools, and messages in English.
  const env: NodeJS.ProcessEnv = { PATH: toolSearchPath(), LANG: 'C' };
  const set = (key: string, value: unknown) => {
    if (typeof value === 'string' && value) env[key] = value;
  };
  set('PGHOST', parts.host);
  set('PGPORT', parts.port);
  set('PGUSER', parts.user);
  set('PGPASSWORD', parts.password);
  set('PGDATABASE', parts.database);
  set('PGSSLMODE', parts.sslmode);
  return env;
}

/** Connection strings and passwords taken out of a tool's message, as a last guard. */
const withoutSecrets = (text: string) =>
  text.replace(/postgres(ql)?:\/\/\S+/gi, '[connection]').replace(/password=\S+/gi, 'password=[hidden]');

/** What a failed tool said on stderr (its last lines), never the command line it was run with. */
function toolFailure(tool: string, error: unknown): string {
  const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
  const reason = stderr || ((error as { name?: string }).name === 'AbortError' ? 'stopped' : 'failed');
  return withoutSecrets(`${tool}: ${reason.split('\n').slice(-3).join('\n')}`);
}

/** The backup file itself cannot be read back (truncated, damaged, not a backup). */
export class BackupUnreadableError extends Error {}

/** Waits for a child process to exit, with what it wrote to stderr. */
function exited(child: ChildProcess): Promise<{ code: number | null; stderr: string }> {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stderr: stderr.trim() }));
  });
}

async function requireBinary(name: string, message: string): Promise<void> {
  try {
    await run(name, ['--version']);
  } catch {
    throw new HttpError(503, message);
  }
}

/** The PostgreSQL application_name of the pg_dump session that writes this backup file (63 bytes at most). */
export const backupSessionName = (filename: string) => `switchboard backup ${filename}`.slice(0, 63);

export const backupExists = (path: string) => existsSync(path);
