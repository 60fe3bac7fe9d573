import { createReadStream } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

const BLOCK = 512;
/** Large reads: each chunk takes a turn of an event loop that is busy answering queries. */
export const CHUNK = 1024 * 1024;

export type TarEntry = { name: string; type: 'file' | 'directory'; mode: number; size: number; mtime: Date };

/** An octal number in a field of `width` bytes: zero-padded digits and a NUL, as ustar writes them. */
function octal(value: number, width: number): string {
  const digits = Math.floor(value).toString(8);
  if (digits.length > width - 1)
    throw new Error(`${value} does not fit a tar header field of ${width} bytes`);
  return `${digits.padStart(width - 1, '0')}\0`;
}

/**
 * One ustar header block. PGlite's loader (tinytar's untar, in `loadDataDir`) reads the name field only,
 * never the prefix, and checks the magic and the checksum: a name must fit its 100 bytes.
 */
export function ustarHeader(entry: TarEntry): Buffer {
  const header = Buffer.alloc(BLOCK);
  if (Buffer.byteLength(entry.name) > 100) throw new Error(`${entry.name} is too long for a tar header`);
  header.write(entry.name, 0, 'utf8');
  header.write(octal(entry.mode & 0o7777, 8), 100, 'ascii');
  header.write(octal(0, 8), 108, 'ascii');
  header.write(octal(0, 8), 116, 'ascii');
  header.write(octal(entry.type === 'file' ? entry.size : 0, 12), 124, 'ascii');
  header.write(octal(entry.mtime.getTime() / 1000, 12), 136, 'ascii');
  header.write(entry.type === 'file' ? '0' : '5', 156, 'ascii');
  header.write('ustar\u000000', 257, 'ascii');
  // The checksum is the sum of the header's bytes with its own field counted as spaces.
  header.fill(' ', 148, 156);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return header;
}

/** Every directory and file under `root`, parents before their contents, in name order. */
async function* walk(root: string, under = ''): AsyncGenerator<{ path: string; name: string }> {
  const names = (await readdir(join(root, under))).sort();
  for (const name of names) {
    const relative = `${under}/${name}`;
    yield { path: join(root, relative), name: relative };
    if ((await lstat(join(root, relative))).isDirectory()) yield* walk(root, relative);
  }
}

/**
 * The directory `root` as a tar stream, read a chunk at a time: headers, file contents and padding, then
 * the two empty blocks that end an archive. Names start with `/` below `root` (`/base/5/1259`), as in
 * PGlite's own `dumpDataDir`, whose loader joins them to its data directory. Nothing may change the
 * files meanwhile: a file whose size changes fails the archive rather than corrupt it.
 */
export async function* tarStream(root: string): AsyncGenerator<Buffer> {
  for await (const { path, name } of walk(root)) {
    const stats = await lstat(path);
    if (!stats.isFile() && !stats.isDirectory()) continue;
    const type = stats.isFile() ? 'file' : 'directory';
    yield ustarHeader({ name, type, mode: stats.mode, size: stats.size, mtime: stats.mtime });
    if (type === 'directory') continue;
    let read = 0;
    for await (const chunk of createReadStream(path, { highWaterMark: CHUNK })) {
      read += (chunk as Buffer).length;
      if (read > stats.size) break;
      yield chunk as Buffer;
    }
    if (read !== stats.size) throw new Error(`${name} changed while it was being archived`);
    const padding = (BLOCK - (stats.size % BLOCK)) % BLOCK;
    if (padding) yield Buffer.alloc(padding);
  }
  yield Buffer.alloc(2 * BLOCK);
}
