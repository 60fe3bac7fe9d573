import { join } from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { buildApp } from './app.ts';
import type { AppDeps } from './app-deps.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { users } from './db/schema/users.ts';
import { DEMO_ADMIN } from './demo/demo-admin.ts';
import { seedDemoDataIfEmpty } from './demo/seed-demo-data.ts';
import { createAccessTokens } from './modules/auth/access-token.ts';
import { startRealtime } from './realtime/socket-server.ts';

/** Start-up: config → database → migrations → demo seed → app → listen; graceful shutdown on signals. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: join(config.dataDir, 'pglite') },
  );
  await runMigrations(database);

  const deps: AppDeps = { config, database, db: database.db, tokens: createAccessTokens(config.jwtSecret) };
  const app = await buildApp(deps, { logger: { level: config.logLevel }, serveWeb: true });

  if (config.demoData) {
    const startedAt = Date.now();
    if (await seedDemoDataIfEmpty(database.db)) {
      app.log.info({ ms: Date.now() - startedAt }, 'demo data seeded');
    }
  }

  const realtime = await startRealtime(app.server, deps, app.log);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  await announce(deps, `http://${config.host}:${port}`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      app.log.warn('second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    try {
      await realtime.close();
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

/** Tells the operator where the console is and how to get in. */
async function announce(deps: AppDeps, url: string): Promise<void> {
  const lines = [`Switchboard console: ${url}`];
  const [roots] = await deps.db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.isRootAdmin, true), eq(users.isActive, true)));
  if (deps.config.demoData) {
    lines.push(`Demo data is on. Sign in as ${DEMO_ADMIN.username} / ${DEMO_ADMIN.password}`);
  } else if ((roots?.n ?? 0) === 0) {
    lines.push(`No administrator yet: register the root admin at ${url}/admin_root_admin`);
  }
  lines.push(`API docs: ${url}/api/docs`);
  console.log(lines.join('\n'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('Switchboard failed to start:', err instanceof Error ? err.message : err);
  }
  process.exit(1);
});
