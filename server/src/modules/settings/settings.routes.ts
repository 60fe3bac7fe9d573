import { SETTINGS_MESSAGES, settingsEndpoints } from '@switchboard/contract/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireAdmin } from '../../http/auth-guard.ts';
import { route } from '../../http/endpoint-route.ts';
import { requestContext } from '../../http/request-context.ts';
import type { LiveSettings } from './live-settings.ts';
import { getSettings, saveSettings } from './settings.service.ts';

export const settingsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; live: LiveSettings }> = async (
  app,
  { deps, live },
) => {
  route(app, settingsEndpoints.get, async () => ({
    success: true as const,
    data: await getSettings(deps.db, { appEnv: deps.config.appEnv }),
  }));

  route(app, settingsEndpoints.put, async (request) => {
    const data = await saveSettings(
      deps.db,
      { live },
      requireAdmin(request),
      request.body,
      requestContext(request),
      { appEnv: deps.config.appEnv },
    );
    return { success: true as const, message: SETTINGS_MESSAGES.saved, data };
  });

  route(
    app,
    settingsEndpoints.appPing,
    async () => ({ success: true as const, time: new Date().toISOString() }),
    { config: { appFacing: true } },
  );
};
