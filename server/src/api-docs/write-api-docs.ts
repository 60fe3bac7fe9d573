import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { buildApp } from '../app.ts';
import { assembleAppDeps } from '../app-deps-assembly.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';

/*
 * `npm run api:docs -- [file]`: writes the OpenAPI document (default build/openapi.json) that
 * /api/docs/json serves, from the app assembled on an in-memory database without listening, so that
 * CI can lint it and generate client types without starting a server.
 */
async function main(): Promise<void> {
  const out = resolve(process.argv[2] ?? 'build/openapi.json');
  const database = await openDatabase({ kind: 'pglite' });
  try {
    await runMigrations(database);
    const config = loadConfig({ LOG_LEVEL: 'silent' });
    const deps = assembleAppDeps(config, database);
    const app = await buildApp(deps);
    await app.ready();
    await mkdir(dirname(out), { recursive: true });
    await writeFile(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
    await app.close();
    console.log(`Wrote ${out}`);
  } finally {
    await database.close();
  }
}

await main();
