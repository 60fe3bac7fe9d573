import { copyFile, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** A file as the live copy found it just before copying it, and when that was (ns since the epoch). */
type Copied = { ino: bigint; size: bigint; mtimeNs: bigint; ctimeNs: bigint; copiedAtNs: bigint };

/** What `copyLive` copied: each file's state then, by its path below the directory. */
export type LiveCopy = Map<string, Copied>;

/**
 * A write lands in the kernel's coarse clock tick (a few ms at most) and may leave a file's times as they
 * were when it was copied: a file changed this shortly before its copy began is copied again regardless.
 */
const SAME_TICK_NS = 100_000_000n;

const nowNs = () => BigInt(Date.now()) * 1_000_000n;
const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** Which files below the directory (by their path in it, `pg_wal/…`) the copy takes. */
export type Wanted = (path: string) => boolean;

/** The WAL segments a start from the copy reads: from the last checkpoint's redo point to the one being written. */
export type WalRange = { first: string; last: string };

const WAL_SEGMENT = /^pg_wal\/([0-9A-F]{24})$/;

/**
 * Every file but the WAL segments outside `range`: those before it are done with, those after it are
 * recycled ones kept for reuse (at the 1m data set, 63 of 64 segments: 1 GB of its 3). Segment names
 * are fixed-width hex, so they sort as their positions do.
 */
export function walSegmentsIn({ first, last }: WalRange): Wanted {
  return (path) => {
    const segment = WAL_SEGMENT.exec(path)?.[1];
    return segment === undefined || (segment >= first && segment <= last);
  };
}

/**
 * Copies `source` into `target` (created) while the database goes on writing to it: a file may be caught
 * half written, and files come and go. `makeExact` then brings the copy to one instant's state.
 */
export async function copyLive(
  source: string,
  target: string,
  wanted: Wanted,
  signal: AbortSignal,
): Promise<LiveCopy> {
  const copied: LiveCopy = new Map();
  const visit = async (under: string): Promise<void> => {
    await mkdir(join(target, under), { recursive: true });
    const entries = await readdir(join(source, under), { withFileTypes: true }).catch((err: unknown) => {
      if (isMissing(err)) return [];
      throw err;
    });
    for (const entry of entries) {
      signal.throwIfAborted();
      const path = join(under, entry.name);
      if (entry.isDirectory()) await visit(path);
      if (!entry.isFile() || !wanted(path)) continue;
      const copiedAtNs = nowNs();
      try {
        const stats = await stat(join(source, path), { bigint: true });
        await copyFile(join(source, path), join(target, path));
        copied.set(path, { ...stateOf(stats), copiedAtNs });
      } catch (err) {
        // Removed meanwhile: makeExact settles whether it is still there.
        if (!isMissing(err)) throw err;
      }
    }
  };
  await visit('');
  return copied;
}

/**
 * Makes `target` exactly the wanted part of what `source` holds now, copying again only what changed since
 * `copyLive` (or may have: see SAME_TICK_NS) and removing the rest. Run while nothing writes to `source`.
 * Returns the bytes it copied again.
 */
export async function makeExact(
  source: string,
  target: string,
  copied: LiveCopy,
  wanted: Wanted,
  signal: AbortSignal,
): Promise<number> {
  let bytes = 0;
  const visit = async (under: string): Promise<void> => {
    await mkdir(join(target, under), { recursive: true });
    const entries = await readdir(join(source, under), { withFileTypes: true });
    const present = new Set<string>();
    for (const entry of entries) {
      signal.throwIfAborted();
      const path = join(under, entry.name);
      if (entry.isDirectory()) {
        present.add(entry.name);
        await visit(path);
      }
      if (!entry.isFile() || !wanted(path)) continue;
      present.add(entry.name);
      const now = stateOf(await stat(join(source, path), { bigint: true }));
      const before = copied.get(path);
      if (before && !changed(before, now)) continue;
      await copyFile(join(source, path), join(target, path));
      bytes += Number(now.size);
    }
    for (const name of await readdir(join(target, under))) {
      if (!present.has(name)) await rm(join(target, under, name), { recursive: true, force: true });
    }
  };
  await visit('');
  return bytes;
}

function stateOf(stats: { ino: bigint; size: bigint; mtimeNs: bigint; ctimeNs: bigint }) {
  return { ino: stats.ino, size: stats.size, mtimeNs: stats.mtimeNs, ctimeNs: stats.ctimeNs };
}

function changed(before: Copied, now: Omit<Copied, 'copiedAtNs'>): boolean {
  if (before.ino !== now.ino || before.size !== now.size) return true;
  if (before.mtimeNs !== now.mtimeNs || before.ctimeNs !== now.ctimeNs) return true;
  const lastChange = before.ctimeNs > before.mtimeNs ? before.ctimeNs : before.mtimeNs;
  return lastChange >= before.copiedAtNs - SAME_TICK_NS;
}
