import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';

/**
 * A migrated database on the PostgreSQL server at `serverUrl`, made once per run: each test database is
 * then a copy of it (`create database … template`), which takes a fraction of running every migration.
 */
export async function createMigratedTemplate(serverUrl: string): Promise<string> {
  const name = `switchboard_template_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name) });
  try {
    await runMigrations(handle);
  } finally {
    await handle.close();
  }
  return name;
}

export const dropDatabase = (serverUrl: string, name: string) =>
  withAdminClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));

/** A new database copied from `template`: PostgreSQL refuses while another copy of it is being made, so wait. */
export async function createDatabaseFrom(serverUrl: string, name: string, template?: string): Promise<void> {
  const statement = template ? `create database ${name} template ${template}` : `create database ${name}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await withAdminClient(serverUrl, (client) => client.query(statement));
      return;
    } catch (error) {
      const busy = (error as { code?: string }).code === '55006'; // object_in_use: the template is being copied
      if (!busy || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
    }
  }
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One query's connection of its own; a connection the server cuts (a fault test's aim) is not an error here. */
export async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}
