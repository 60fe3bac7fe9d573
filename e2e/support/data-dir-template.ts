import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A PGlite data directory a compiled server has created and migrated, with no data in it, kept per
 * build in the temporary folder. A server given a copy of it starts without PGlite's initdb and the
 * migrations (about 7 s of each start here); with DEMO_DATA on it still seeds the demo at its own start,
 * so the demo's times are as fresh as ever.
 */
export async function copyOfMigratedDataDir(
  bundle: string,
  createIn: (dataDir: string) => Promise<void>,
): Promise<string> {
  const template = join(tmpdir(), `switchboard-e2e-template-${buildKey(bundle)}`);
  if (!existsSync(template)) await createTemplate(template, createIn);
  const copy = mkdtempSync(join(tmpdir(), 'switchboard-e2e-'));
  cpSync(template, copy, { recursive: true });
  return copy;
}

/** The build's identity: its path and when it was compiled, so a new build gets a new template. */
function buildKey(bundle: string): string {
  return createHash('sha256')
    .update(`${bundle}\n${statSync(bundle).mtimeMs}`)
    .digest('hex')
    .slice(0, 16);
}

async function createTemplate(template: string, createIn: (dataDir: string) => Promise<void>): Promise<void> {
  const building = mkdtempSync(`${template}.building-`);
  try {
    await createIn(building);
    // Published whole, by a rename: a server never copies a half-made template.
    renameSync(building, template);
  } catch (err) {
    rmSync(building, { recursive: true, force: true });
    // Another test file published one first.
    if (!existsSync(template)) throw err;
  }
  const prefix = 'switchboard-e2e-template-';
  for (const name of readdirSync(tmpdir()))
    if (name.startsWith(prefix) && join(tmpdir(), name) !== template && !name.includes('.building-'))
      rmSync(join(tmpdir(), name), { recursive: true, force: true });
}
