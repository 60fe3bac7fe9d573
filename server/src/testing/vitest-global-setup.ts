import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { testDatabaseUrl } from '../config.ts';
import { writeMigratedPgliteImage } from './pglite-image.ts';
import { createMigratedTemplate, dropDatabase } from './postgres-template.ts';

/**
 * Once per run, a migrated database each test database starts from, so no test file pays for every
 * migration: a PGlite image (and its initdb), or on PostgreSQL a template database.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env?.SWITCHBOARD_TEST_DB === 'postgres') {
    const serverUrl = testDatabaseUrl();
    if (!serverUrl) throw new Error('TEST_DATABASE_URL must be set for the postgres test project');
    const template = await createMigratedTemplate(serverUrl);
    project.provide('postgresTemplate', template);
    return async () => {
      await dropDatabase(serverUrl, template);
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'switchboard-pglite-image-'));
  const path = join(dir, 'migrated.tar');
  await writeMigratedPgliteImage(path);
  project.provide('pgliteImage', path);
  return async () => rmSync(dir, { recursive: true, force: true });
}
