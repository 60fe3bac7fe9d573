import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { writeMigratedPgliteImage } from './pglite-image.ts';

/** Once per run: the migrated PGlite image, so no test file pays for initdb and every migration. */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'switchboard-pglite-image-'));
  const path = join(dir, 'migrated.tar');
  await writeMigratedPgliteImage(path);
  project.provide('pgliteImage', path);
  return () => rmSync(dir, { recursive: true, force: true });
}
