import cors from '@fastify/cors';
import { SETTINGS_MESSAGES, type Settings } from '@switchboard/contract/settings';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http/http-error.ts';
import type { LiveSettings } from './live-settings.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Called by the calling app rather than the console: closed while maintenance mode is on. */
    appFacing?: boolean;
  }
}

const CORS_MAX_AGE_SECONDS = 86_400;

/**
 * Makes the saved settings govern the running server without a restart: maintenance mode, CORS and
 * the log level are read from the live settings on every request (the rate limits: request-rate-limits.ts).
 */
export async function installSettingsEffects(
  app: FastifyInstance,
  live: LiveSettings,
  baseLogLevel: string,
): Promise<void> {
  const applyLogLevel = (debug: boolean) => {
    app.log.level = debug ? 'debug' : baseLogLevel;
  };
  live.onChange((next) => applyLogLevel(next.app.debug_mode));
  // Read once the app is ready rather than while it is built: the server builds it while the database opens.
  if (baseLogLevel !== 'silent') {
    app.addHook('onReady', async () => applyLogLevel((await live.get()).app.debug_mode));
  }

  // The origins are asked per request; the rest is fixed, so the plugin normalises its options once
  // (a delegator returning all the options had them normalised again on every request).
  await app.register(cors, {
    origin: (_origin, callback) => {
      live.get().then(
        ({ api }) => callback(null, allowedOrigins(api)),
        // Settings unreadable (database down): no cross-origin access, and the request itself goes on.
        () => callback(null, false),
      );
    },
    maxAge: CORS_MAX_AGE_SECONDS,
  });

  app.addHook('onRequest', async (request) => {
    // An admin's console session keeps working: maintenance is when admins need the console.
    if (!request.routeOptions.config?.appFacing || request.admin) return;
    if ((await live.get()).app.maintenance_mode) throw new HttpError(503, SETTINGS_MESSAGES.maintenance);
  });
}

/** Whether browsers enforce the Content Security Policy (off: it is sent report-only). */
export const contentSecurityPolicyEnforced = (live: LiveSettings) => async () =>
  (await live.section('security')).enable_content_security_policy;

/** What Access-Control-Allow-Origin may answer: none while CORS is off, else the listed origins. */
function allowedOrigins(api: Settings['api']): string[] | false {
  if (!api.cors_enabled || api.cors_origins.length === 0) return false;
  return api.cors_origins;
}
