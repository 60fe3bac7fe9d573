import { appConfigEndpoint } from '@switchboard/contract/app-config';
import { APP_VERSION } from '@switchboard/contract/app-info';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { bearerToken } from '../../http/access-token.ts';
import { route } from '../../http/endpoint-route.ts';
import { authenticateAccount } from '../auth/authenticate.ts';
import { liveSettings } from '../settings/live-settings.ts';
import { livePasswordMinLength } from '../settings/password-policy.ts';
import { iceServers } from './ice-servers.ts';

export const appConfigRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  route(app, appConfigEndpoint, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    // A signed-in calling app (Authorization header) also gets the TURN relay, with its own credentials.
    const token = bearerToken(request.headers.authorization);
    const account =
      token && deps.config.ice.turnUrls.length > 0 ? await authenticateAccount(deps, token) : null;
    // The App Name saved on the Settings screen, live: a save shows from the next page view.
    const { name } = await liveSettings(deps.db).section('app');
    return {
      server: { api_base_url: '/api/v1', socket_path: '/socket.io', request_timeout_ms: 30_000 },
      app: { name, version: APP_VERSION, environment: deps.config.appEnv },
      accounts: { password_min_length: await livePasswordMinLength(deps.db) },
      features: { mobile_app: true, real_time_updates: true, webrtc: true },
      webrtc: iceServers(deps.config.ice, account?.id ?? null),
      demo: {
        enabled: deps.config.demoData,
        credentials: deps.config.demoCredentials,
      },
    };
  });
};
