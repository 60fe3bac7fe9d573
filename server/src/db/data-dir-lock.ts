import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** A second process opening the same embedded database: the one line the operator sees. */
export class DataDirLockedError extends Error {}

export interface DataDirLock {
  release(): void;
}

/**
 * Makes this process the only one using `dir`: PGlite is a single-process database, and two
 * processes on one directory each see their own writes and lose the other's. The lock is a pid
 * file created with O_EXCL next to the directory; a file whose pid is gone (kill -9, power cut)
 * is stale and taken over.
 */
export function lockDataDir(dir: string, log: (line: string) => void = console.warn): DataDirLock {
  const path = `${resolve(dir)}.lock`;
  mkdirSync(dirname(path), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return { release: () => releaseLock(path) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readHolder(path);
    if (holder !== null && holder !== process.pid && isAlive(holder)) {
      throw new DataDirLockedError(
        `The database in ${resolve(dir)} is in use by another Switchboard process (pid ${holder}): stop that process, or give this one another DATA_DIR.`,
      );
    }
    log(
      `Taking over the lock on ${resolve(dir)}: its holder (pid ${holder ?? 'unknown'}) is gone without releasing it.`,
    );
    try {
      unlinkSync(path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  throw new DataDirLockedError(`Could not lock ${resolve(dir)}: another process keeps taking it.`);
}

function releaseLock(path: string): void {
  try {
    if (readHolder(path) === process.pid) unlinkSync(path);
  } catch {
    // Already gone: nothing to release.
  }
}

function readHolder(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the pid exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
