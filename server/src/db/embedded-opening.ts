import { type DataDirLock, lockDataDir } from './data-dir-lock.ts';
import { MIGRATIONS_FOLDER } from './migrations-folder.ts';
import { PgliteThread } from './pglite-thread/pglite-thread.ts';

/**
 * The embedded database opening and migrating on its thread while the rest of the server loads: PGlite's
 * WebAssembly compiles, PostgreSQL starts and the migrations run on the second core instead of after
 * every module has loaded (about a second of a cold start, issue #33). This file imports nothing heavy
 * on purpose.
 */
export interface EmbeddedOpening {
  lock: DataDirLock;
  /** Opening still: `thread.opened` settles when it has, and its migrations have run. */
  thread: PgliteThread;
  /** Where a failure of the thread after it opened is reported: the app's logger, once it exists. */
  reportFailuresTo(report: (err: Error) => void): void;
}

export function startOpeningEmbedded(dataDir: string): EmbeddedOpening {
  // Taken before PGlite touches the directory, and held until the handle closes it.
  const lock = lockDataDir(dataDir);
  let report = (err: Error) => console.error('The embedded database thread failed:', err.message);
  const thread = PgliteThread.start({
    dataDir,
    migrationsFolder: MIGRATIONS_FOLDER,
    onFailure: (err) => report(err),
  });
  return {
    lock,
    thread,
    reportFailuresTo: (to) => {
      report = to;
    },
  };
}
