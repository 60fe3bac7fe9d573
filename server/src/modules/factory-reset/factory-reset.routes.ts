import { FACTORY_RESET_MESSAGES, factoryResetEndpoints } from '@switchboard/contract/factory-reset';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireAdmin } from '../../http/auth-guard.ts';
import { route } from '../../http/endpoint-route.ts';
import { requestContext } from '../../http/request-context.ts';
import type { LiveSettings } from '../settings/live-settings.ts';
import { executeFactoryReset, factoryResetPreview } from './factory-reset.service.ts';

/** Every route here is root only: the guard answers 403 to any other admin. */
export const factoryResetRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; live: LiveSettings }> = async (
  app,
  { deps, live },
) => {
  const files = { database: deps.database, dataDir: deps.config.dataDir, backupDir: deps.config.backupDir };
  route(app, factoryResetEndpoints.status, async () => ({ success: true as const, available: true }));
  route(app, factoryResetEndpoints.preview, async () => factoryResetPreview(deps.db, files));
  route(app, factoryResetEndpoints.execute, async (request) => {
    await executeFactoryReset(
      deps.db,
      { ...files, live, sessionEnds: deps.sessionEnds },
      requireAdmin(request),
      request.body,
      requestContext(request),
    );
    return { success: true as const, message: FACTORY_RESET_MESSAGES.done };
  });
};
