import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { startBackupThread } from './backup-thread.ts';
import type { WalRange } from './data-dir-snapshot.ts';

/** The backup's size, and how long the database answered nothing while its files were taken. */
export type PgliteBackup = { bytes: number; pauseMs: number };

/** Copies of the data directory sit beside it while a backup is written: `<dataDir>.backup-XXXXXX`. */
const snapshotPrefix = (dataDir: string) => `${resolve(dataDir)}.backup-`;

/** The directory PGlite keeps its files in on disk (Emscripten's NODEFS), or none when it is in memory. */
function onDiskDataDir(pglite: PGlite): string | undefined {
  const dir = pglite.dataDir;
  if (!dir || /^(memory|idb|opfs-ahp):\/\//.test(dir)) return undefined;
  return dir.replace(/^file:\/\//, '');
}

/** The WAL that a start from a copy of the directory taken now would read. */
async function walInUse(db: PGlite | Transaction): Promise<WalRange> {
  const { rows } = await db.query<WalRange>(
    'select pg_walfile_name(redo_lsn) as first, pg_walfile_name(pg_current_wal_insert_lsn()) as last from pg_control_checkpoint()',
  );
  const range = rows[0];
  if (!range?.first || !range.last) throw new Error('PGlite did not name its WAL position');
  return range;
}

/** Removes the copies a backup left beside `dataDir` when the process was killed while writing it. */
export async function removeLeftoverSnapshots(dataDir: string): Promise<void> {
  const parent = dirname(resolve(dataDir));
  const prefix = basename(snapshotPrefix(dataDir));
  const names = await readdir(parent).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.startsWith(prefix))
      .map((name) => rm(join(parent, name), { recursive: true })),
  );
}

/**
 * Writes PGlite's data directory to `path` as a gzipped tarball, in the format of PGlite's own
 * `dumpDataDir('gzip')` (which its `loadDataDir` reads back), readable by this user only.
 *
 * `dumpDataDir` builds the whole tarball in memory, then its gzip: 6.5 GB at the 1m data set. On disk,
 * the directory is copied beside itself instead and the tarball streamed from that copy, on a thread of
 * their own. The copy is taken while the database runs, then made exact in a pause: inside a
 * transaction of our own (nothing else runs meanwhile: PGlite runs one transaction or statement at a
 * time) a CHECKPOINT, and the files that changed since their copy are copied again. An abort (the
 * server stopping) leaves neither the partial file nor the copy behind.
 */
export async function writePgliteBackup(
  pglite: PGlite,
  path: string,
  signal: AbortSignal,
): Promise<PgliteBackup> {
  const dataDir = onDiskDataDir(pglite);
  try {
    if (!dataDir) {
      // In memory (the tests' databases) there are no files to copy: PGlite's own dump, built in memory
      // like the database itself.
      const dump = await pglite.dumpDataDir('gzip');
      await writeFile(path, Buffer.from(await dump.arrayBuffer()), { mode: 0o600, signal });
      return { bytes: (await stat(path)).size, pauseMs: 0 };
    }
    const snapshot = await mkdtemp(snapshotPrefix(dataDir));
    const files = startBackupThread({ source: dataDir, target: snapshot }, signal);
    try {
      // Writes out the pages changed so far now, while the live copy has yet to read them.
      await pglite.exec('CHECKPOINT');
      await files.run({ op: 'copy', wal: await walInUse(pglite) });
      let pauseMs = 0;
      await pglite.transaction(async (tx) => {
        const started = performance.now();
        await tx.exec('CHECKPOINT');
        await files.run({ op: 'exact', wal: await walInUse(tx) });
        pauseMs = performance.now() - started;
      });
      return { bytes: await files.run({ op: 'tarGz', path }), pauseMs };
    } finally {
      await files.close();
      await rm(snapshot, { recursive: true, force: true });
    }
  } catch (err) {
    await rm(path, { force: true });
    throw err;
  }
}
