import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DATABASE_MESSAGES, RESTORE_CONFIRMATION } from '@switchboard/contract/database';
import { ConfigError, commandFolder, loadConfig } from '../../config.ts';
import { type DatabaseHandle, openDatabase } from '../../db/client.ts';
import { DataDirLockedError } from '../../db/data-dir-lock.ts';
import { configuredDatabase } from '../../db/database-target.ts';
import { runMigrations } from '../../db/migrate.ts';
import { HttpError } from '../../http/http-error.ts';
import { BackupUnreadableError, backupDir } from './backup-files.ts';
import { backupsList, createBackup, restoreBackup, restoreFromFile } from './backups.service.ts';
import type { DatabaseDeps } from './database-deps.ts';

/**
 * `npm run backup` and `npm run restore`: the console's backups (Database screen) from a shell, on the
 * database the server's environment names (DATA_DIR, or DATABASE_URL), with the same code. A backup is
 * written to BACKUP_DIR and listed in the console like one made there.
 */
const HELP = `Usage:
  npm run backup                       write a backup of the database and list it in the console
  npm run restore                      list the backups that can be restored
  npm run restore -- <id|file> [--yes] restore a backup (an id from the list, or a backup file's path)

The database is the server's: PGlite in DATA_DIR (./data), or PostgreSQL at DATABASE_URL; files go to
BACKUP_DIR (DATA_DIR/backups). A restore replaces every table's rows with the backup's, after writing a
backup of the current data; it asks you to type ${RESTORE_CONFIRMATION} unless --yes is given.`;

type Command = 'backup' | 'restore';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      yes: { type: 'boolean', short: 'y', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, target, ...extra] = positionals as [Command | undefined, ...string[]];
  if (values.help || (command !== 'backup' && command !== 'restore') || extra.length > 0) {
    console.log(HELP);
    return values.help ? 0 : 2;
  }
  if (command === 'backup' && target !== undefined) {
    console.error(`npm run backup takes no argument (got "${target}")\n\n${HELP}`);
    return 2;
  }
  // A backup file named by a relative path is where the command was typed (npm keeps it in INIT_CWD).
  const typedIn = commandFolder();
  // npm runs the script from the repository root, where the server resolves a relative DATA_DIR too.
  process.chdir(fileURLToPath(new URL('../../../..', import.meta.url)));
  const config = loadConfig();
  const database = await openConfigured(config);
  if (!database) return 1;
  const deps: DatabaseDeps = { database, dataDir: config.dataDir, backupDir: config.backupDir };
  // Ctrl-C stops a backup being written: its row ends failed and no partial file is left.
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  try {
    // A backup is of the database as it is: one made before an upgrade keeps the release's schema.
    if (command === 'backup') return await backup(deps, stop.signal);
    if (target === undefined) return await list(deps);
    // Restored into this release's schema, as the console restores into the schema its server migrated.
    await runMigrations(database);
    return await restore(deps, resolve(typedIn, target), target, values.yes, stop.signal);
  } finally {
    await database.close();
  }
}

/** The configured database, or null (with the reason printed) when it cannot be opened here. */
async function openConfigured(config: ReturnType<typeof loadConfig>): Promise<DatabaseHandle | null> {
  const target = configuredDatabase(config);
  if (target.kind === 'pglite' && target.dataDir && !existsSync(join(target.dataDir, 'PG_VERSION'))) {
    console.error(
      `There is no database in ${target.dataDir}. Set DATA_DIR to the server's data directory, or DATABASE_URL for PostgreSQL.`,
    );
    return null;
  }
  try {
    return await openDatabase(target);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(error.message);
    console.error(
      'The embedded database has one process at a time: stop the server, or back up from the console (Database → Create Backup) while it runs.',
    );
    return null;
  }
}

async function backup(deps: DatabaseDeps, signal: AbortSignal): Promise<number> {
  const made = await createBackup(deps.database.db, deps, null, 'manual', signal);
  console.log(
    `Backup ${made.id} written: ${join(backupDir(deps), made.filename)} (${size(made.size_bytes)})`,
  );
  return 0;
}

async function list(deps: DatabaseDeps): Promise<number> {
  const completed = (await backupsList(deps.database.db)).filter((b) => b.status === 'completed');
  if (completed.length === 0) {
    console.log(`${DATABASE_MESSAGES.noBackups}. Make one with: npm run backup`);
    return 0;
  }
  console.log('id\tcreated (UTC)\tsize\tfile');
  for (const b of completed) console.log(`${b.id}\t${b.created_at}\t${size(b.size_bytes)}\t${b.filename}`);
  console.log(`\nRestore one with: npm run restore -- <id>`);
  return 0;
}

async function restore(
  deps: DatabaseDeps,
  path: string,
  target: string,
  yes: boolean,
  signal: AbortSignal,
): Promise<number> {
  const byId = /^\d+$/.test(target);
  const file = byId ? null : path;
  if (file && !existsSync(file)) {
    console.error(`No such file: ${file}`);
    return 1;
  }
  const expected = deps.database.kind === 'pglite' ? '.tar.gz' : '.dump';
  if (file && !file.endsWith(expected)) {
    console.error(
      `${basename(file)} is not a backup of this database: ${deps.database.kind === 'pglite' ? 'the embedded database' : 'PostgreSQL'} restores ${expected} files.`,
    );
    return 1;
  }
  const what = byId ? `backup ${target}` : (file as string);
  const where = deps.database.kind === 'pglite' ? deps.dataDir : 'the PostgreSQL database at DATABASE_URL';
  console.log(`Restoring ${what} replaces every table's rows in ${where} with the backup's.`);
  console.log('A backup of the current data is written first.');
  if (!yes && !(await confirmed())) {
    console.error('Nothing restored.');
    return 1;
  }
  const safety = byId
    ? await restoreBackup(deps.database.db, deps, Number(target), null, signal)
    : await restoreFromFile(deps.database.db, deps, file as string, null, signal).catch((error: unknown) => {
        throw error instanceof BackupUnreadableError
          ? new HttpError(422, DATABASE_MESSAGES.backupUnreadable)
          : error;
      });
  console.log(
    `${DATABASE_MESSAGES.restored}. The data from before is backup ${safety.id}: ${safety.filename}`,
  );
  return 0;
}

async function confirmed(): Promise<boolean> {
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  // Input that ends without an answer (a closed stdin) is a no.
  const ended = new Promise<string>((done) => prompt.once('close', () => done('')));
  try {
    const answer = await Promise.race([prompt.question(`Type ${RESTORE_CONFIRMATION} to continue: `), ended]);
    return answer.trim() === RESTORE_CONFIRMATION;
  } finally {
    prompt.close();
  }
}

const size = (bytes: number | null) =>
  bytes === null
    ? '?'
    : bytes < 1024 ** 2
      ? `${(bytes / 1024).toFixed(1)} KiB`
      : `${(bytes / 1024 ** 2).toFixed(1)} MiB`;

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // HttpErrors carry the console's message (a backup already running, a damaged file, pg_dump missing).
    if (error instanceof HttpError)
      console.error([error.message, error.options.detail].filter(Boolean).join(': '));
    else if (error instanceof ConfigError) console.error(error.message);
    else console.error(`Failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
