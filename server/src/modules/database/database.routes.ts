import { createReadStream } from 'node:fs';
import { DATABASE_MESSAGES, databaseEndpoints } from '@switchboard/contract/database';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireAdmin } from '../../http/auth-guard.ts';
import { route, routeFile } from '../../http/endpoint-route.ts';
import { requestContext } from '../../http/request-context.ts';
import { backupFilePath, backupsList, createBackup, restoreBackup } from './backups.service.ts';
import { databaseOverview, databaseSample, runMaintenance } from './maintenance.service.ts';

export const databaseRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;
  const files = { database: deps.database, dataDir: deps.config.dataDir, backupDir: deps.config.backupDir };
  const by = (request: Parameters<typeof requestContext>[0]) => ({
    actor: requireAdmin(request),
    context: requestContext(request),
  });
  // A stop ends a backup being written, which answers at once instead of holding the stop until its
  // deadline: its row ends failed, and its partial file is removed, while the database is still open.
  const stopping = new AbortController();
  app.addHook('preClose', async () => stopping.abort());

  route(app, databaseEndpoints.overview, async () => ({
    success: true as const,
    data: await databaseOverview(db, files),
  }));
  route(app, databaseEndpoints.sample, async () => ({
    success: true as const,
    data: await databaseSample(db),
  }));
  route(app, databaseEndpoints.backups, async () => ({
    success: true as const,
    data: await backupsList(db),
  }));

  route(app, databaseEndpoints.backup, async (request) => ({
    success: true as const,
    message: DATABASE_MESSAGES.backupCreated,
    data: await createBackup(db, files, by(request), 'manual', stopping.signal),
  }));

  route(app, databaseEndpoints.vacuum, async (request) => {
    const duration_ms = await runMaintenance(db, files, 'vacuum', by(request));
    return { success: true as const, message: `Vacuum completed in ${duration_ms} ms`, duration_ms };
  });
  route(app, databaseEndpoints.analyze, async (request) => {
    const duration_ms = await runMaintenance(db, files, 'analyze', by(request));
    return { success: true as const, message: `Analyze completed in ${duration_ms} ms`, duration_ms };
  });

  route(app, databaseEndpoints.restore, async (request) => {
    await restoreBackup(db, files, Number(request.params.id), by(request), stopping.signal);
    return { success: true as const, message: DATABASE_MESSAGES.restored };
  });

  routeFile(app, databaseEndpoints.downloadBackup, async (request) => {
    const { path, filename } = await backupFilePath(db, files, Number(request.params.id));
    return { filename, body: createReadStream(path) };
  });
};
