import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyLive, makeExact, walSegmentsIn } from './data-dir-snapshot.ts';

/** Every file below `dir` with its content, by path. */
function contents(dir: string, under = ''): Record<string, string> {
  const found: Record<string, string> = {};
  for (const entry of readdirSync(join(dir, under), { withFileTypes: true })) {
    const path = join(under, entry.name);
    if (entry.isDirectory()) Object.assign(found, { [`${path}/`]: '' }, contents(dir, path));
    else found[path] = readFileSync(join(dir, path), 'utf8');
  }
  return found;
}

describe('copying a data directory while it is written to', () => {
  const root = mkdtempSync(join(tmpdir(), 'switchboard-snapshot-'));
  const source = join(root, 'data');
  const signal = new AbortController().signal;
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('brings the live copy to what the directory holds once writes stop, only what is wanted', async () => {
    mkdirSync(join(source, 'base'), { recursive: true });
    writeFileSync(join(source, 'base', 'unchanged'), 'aaaa');
    writeFileSync(join(source, 'base', 'rewritten'), 'bbbb');
    writeFileSync(join(source, 'removed'), 'gone soon');
    writeFileSync(join(source, 'unwanted'), 'left out');
    // Older than a clock tick by the time they are copied: only their own changes say they must be copied again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const target = join(root, 'copy');
    const wanted = (path: string) => path !== 'unwanted';
    const copied = await copyLive(source, target, wanted, signal);

    // Written over after its copy with the same size and its modification time put back.
    const { atime, mtime } = statSync(join(source, 'base', 'rewritten'));
    writeFileSync(join(source, 'base', 'rewritten'), 'cccc');
    utimesSync(join(source, 'base', 'rewritten'), atime, mtime);
    rmSync(join(source, 'removed'));
    mkdirSync(join(source, 'added'));
    writeFileSync(join(source, 'added', 'file'), 'new');

    const again = await makeExact(source, target, copied, wanted, signal);
    const expected = contents(source);
    delete expected.unwanted;
    expect(contents(target)).toEqual(expected);
    expect(again).toBe('cccc'.length + 'new'.length);
  });

  it('takes the WAL segments from the redo point to the one being written, and every other file', () => {
    const wanted = walSegmentsIn({ first: '00000001000000000000008B', last: '00000001000000000000008C' });
    const paths = [
      'pg_wal/00000001000000000000008A',
      'pg_wal/00000001000000000000008B',
      'pg_wal/00000001000000000000008C',
      'pg_wal/00000001000000000000008D',
      'pg_wal/archive_status',
      'pg_wal/00000002.history',
      'base/5/1259',
      'global/pg_control',
    ];
    expect(paths.filter(wanted)).toEqual(paths.filter((path) => !/8A$|8D$/.test(path)));
  });
});
