import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '../../..');
const FILE = /^[\w@.-]+(?:\/[\w@.-]+)*\.(?:ts|tsx|mjs|js|json|md|sql|ya?ml|css|html|sh)$/;
const FOLDER = /^[\w@.-]+(?:\/[\w@.-]+)*\/$/;

/** Every `code span` of a doc that reads as a path in this repository (no placeholder, no glob). */
function namedPaths(markdown: string): string[] {
  const spans = [...markdown.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] ?? '');
  return spans.filter(
    (span) => (FILE.test(span) || FOLDER.test(span)) && (span.includes('/') || span.includes('.')),
  );
}

/** Every file and folder of the checkout that git knows or would add (so a new file counts before its commit). */
function repositoryPaths(): string[] {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: REPO,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\n')
    .filter(Boolean);
  const folders = new Set<string>();
  for (const file of files)
    for (let i = file.indexOf('/'); i !== -1; i = file.indexOf('/', i + 1)) folders.add(file.slice(0, i + 1));
  return [...files, ...folders];
}

/**
 * A doc names a path from the repository's root (`server/src/app.ts`) or from a root the text has set
 * (`modules/calls/` under server/src, `ui/card.tsx` under web/src/components): it exists when some path of
 * the checkout is it or ends with it.
 */
function existsIn(paths: string[]): (named: string) => boolean {
  return (named) => paths.some((path) => path === named || path.endsWith(`/${named}`));
}

const docs = [
  ...readdirSync(join(REPO, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

describe('paths named in docs/*.md', () => {
  const exists = existsIn(repositoryPaths());
  it.each(docs)('%s names only paths that exist', (doc) => {
    const missing = namedPaths(readFileSync(join(REPO, doc), 'utf8')).filter(
      (path) => !path.startsWith('.') && !path.includes('://') && !exists(path),
    );
    expect(missing).toEqual([]);
  });

  it('reads a path in backticks, and not a URL path or a file name alone with no folder or extension', () => {
    expect(namedPaths('see `modules/calls/` and `docs/upgrade.md`, not `/api/v1` or `npm start`')).toEqual([
      'modules/calls/',
      'docs/upgrade.md',
    ]);
  });
});
