import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps.ts';
import type { Config } from './config.ts';
import { applyPoolSettings } from './db/pool-settings.ts';
import { API_PREFIX, installAuthGuard } from './http/auth-guard.ts';
import { installClientAddress } from './http/client-address.ts';
import { installErrorHandler, sendRouteNotFound } from './http/error-handler.ts';
import { completeApiDocument } from './http/openapi/api-document.ts';
import { localRequestBudgets, rateLimitStore } from './http/request-budgets.ts';
import { RequestLogLines } from './http/request-log.ts';
import { responseSerializer } from './http/response-serializer.ts';
import { collectRouteTable } from './http/route-table.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { serveWebApp, webAppBuilt } from './http/web-app.ts';
import { adminRolesRoutes } from './modules/admin-roles/admin-roles.routes.ts';
import { grantableRole } from './modules/admin-roles/admin-roles.service.ts';
import { appConfigRoutes } from './modules/app-config/app-config.routes.ts';
import { auditLogRoutes } from './modules/audit/audit-log.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { authenticateAccount } from './modules/auth/authenticate.ts';
import { sessionsRoutes } from './modules/auth/sessions.routes.ts';
import { twoFactorRoutes } from './modules/auth/two-factor.routes.ts';
import { callInspectorRoutes } from './modules/calls/call-inspector.routes.ts';
import { callsRoutes } from './modules/calls/calls.routes.ts';
import { clientErrorRoutes } from './modules/client-errors/client-errors.routes.ts';
import { coinPackagesRoutes } from './modules/coins/coin-packages.routes.ts';
import { coinsRoutes } from './modules/coins/coins.routes.ts';
import { grantWelcomeCoins } from './modules/coins/welcome-coins.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { startBackupSchedule } from './modules/database/backup-schedule.ts';
import { databaseRoutes } from './modules/database/database.routes.ts';
import { factoryResetRoutes } from './modules/factory-reset/factory-reset.routes.ts';
import { appLocationRoutes } from './modules/geolocation/app-location.routes.ts';
import { geolocationRoutes } from './modules/geolocation/geolocation.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { monitoringRoutes } from './modules/monitoring/monitoring.routes.ts';
import { createMonitoring } from './modules/monitoring/monitoring.service.ts';
import { prometheusRoute } from './modules/monitoring/prometheus.routes.ts';
import { notificationReceiptRoutes } from './modules/notifications/notification-receipts.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { officialMessageReceiptRoutes } from './modules/official-messages/official-message-receipts.routes.ts';
import { officialMessagesRoutes } from './modules/official-messages/official-messages.routes.ts';
import { purchasesRoutes } from './modules/purchases/purchases.routes.ts';
import { rootAdminRoutes } from './modules/root-admin/root-admin.routes.ts';
import { createBlockedIpCache, installBlockedIpGuard } from './modules/security/blocked-ip-guard.ts';
import { installRequestRateLimits } from './modules/security/request-rate-limits.ts';
import { securityRoutes } from './modules/security/security.routes.ts';
import { recordRateLimitHit, recordRefusedAccess } from './modules/security/threat-events.ts';
import { liveSettings } from './modules/settings/live-settings.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import {
  contentSecurityPolicyEnforced,
  installSettingsEffects,
} from './modules/settings/settings-effects.ts';
import { appSocialRoutes } from './modules/social/app-social.routes.ts';
import { socialRoutes } from './modules/social/social.routes.ts';
import { systemLogsRoutes } from './modules/system-logs/system-logs.routes.ts';
import { userProfileRoutes } from './modules/user-profile/user-profile.routes.ts';
import { appReportRoutes } from './modules/user-reports/app-report.routes.ts';
import { userReportsRoutes } from './modules/user-reports/user-reports.routes.ts';
import { accountRoutes } from './modules/users/account.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { usernamesById } from './modules/users/users-directory.repository.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';
import { buildAsyncApiDocument } from './realtime/asyncapi-document.ts';

export interface BuildAppOptions {
  /** Fastify's logger: pino options (a `stream` persists to system_logs), or false in tests. */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  /** Serve the built web app from web/dist (off in route tests). */
  serveWeb?: boolean;
  /** Take the settings' scheduled backups (off in route tests). */
  backupSchedule?: boolean;
  /** Registered before every hook and route: the request spans, when tracing is on (tracing/tracing.ts). */
  instrument?: (app: FastifyInstance) => Promise<void>;
}

/** The whole HTTP application, without listening: main.ts starts it, tests inject into it. */
export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: trustedProxies(deps.config.trustProxy),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    logController: new RequestLogLines(),
  }).withTypeProvider<ZodTypeProvider>();
  await options.instrument?.(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer({ checked: deps.config.appEnv !== 'production' }));
  collectRouteTable(app);
  installErrorHandler(app);
  // First of all hooks: everything after it reads one normalised client address.
  installClientAddress(app, deps.config.trustProxy);

  installSecurityHeaders(app, contentSecurityPolicyEnforced(liveSettings(deps.db)));
  // Answers from 1 KB on, at the lowest levels: compressing has a fixed cost of ~20 µs (a users first
  // page, 4.1 kB of JSON → 1.1 kB: brotli 1 ~21 µs, gzip 1 ~29, brotli 4, the plugin's default, ~81,
  // for 58 B less; 50 rows, 19 kB → 4.1 kB: 57 µs against 226), and below 1 KB saves too little to pay
  // for it. bench/README.md, "Compression of JSON answers". Pre-compressed static files pass through.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1 },
    // Up to 64 KB in one synchronous call rather than through a zlib stream: on 2 cores the plugin's
    // default is 8 KB, so a calls page (20 rows, ~9 kB) went through a stream per answer, which cost
    // more CPU than compressing it (bench/README.md, "Compression of JSON answers").
    syncThreshold: 64 * 1024,
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Switchboard API',
        version: '1.0.0',
        description: 'Administrator API of Switchboard',
        license: { name: 'Apache-2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0' },
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (documents) =>
      'openapiObject' in documents
        ? completeApiDocument(documents.openapiObject as Record<string, unknown>, API_PREFIX)
        : documents.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  // The socket events, beside the OpenAPI document (/api/docs/json). Built when first asked for:
  // converting every event's schema was ~40 ms of each start.
  let asyncApiDocument: ReturnType<typeof buildAsyncApiDocument> | undefined;
  app.get('/api/docs/asyncapi.json', { schema: { hide: true } }, async () => {
    asyncApiDocument ??= buildAsyncApiDocument('1.0.0');
    return asyncApiDocument;
  });

  // Before routing and authentication: a blocked address gets 403 whatever it asks for.
  const blocked = createBlockedIpCache(deps.db);
  installBlockedIpGuard(app, deps.db, blocked);
  app.decorate('blockedIps', blocked);
  // With REDIS_URL every instance counts against one budget per principal. Loaded only then: the Redis
  // client is a fifth of the compiled server.
  const { redisUrl } = deps.config;
  const budgets = redisUrl
    ? (await import('./http/redis-request-budgets.ts')).connectRequestBudgets(redisUrl, app.log)
    : localRequestBudgets();
  app.addHook('onClose', () => budgets.close());
  // Off by default; routes opt in with `config.rateLimit`. Every hit becomes a security event.
  await app.register(rateLimit, {
    global: false,
    store: rateLimitStore(budgets),
    onExceeded: (request) => recordRateLimitHit(deps.db, request),
  });
  installAuthGuard(app, {
    budgets,
    authenticate: (token) => authenticateAccount(deps, token),
    recordRefused: (request, status, principal) => recordRefusedAccess(deps.db, request, status, principal),
    recordRateLimited: (request) => recordRateLimitHit(deps.db, request),
    accessChanged: () => deps.liveAccess.changed(),
  });
  const monitoring = createMonitoring(deps.db, {
    app,
    database: deps.database,
    dataDir: deps.config.dataDir,
  });
  app.decorate('monitoring', monitoring);
  const live = liveSettings(deps.db);
  // Pool size and query timeout govern the PostgreSQL connections opened from the next one on.
  live.onChange((next) => applyPoolSettings(deps.database, next.database));
  await installSettingsEffects(app, live, deps.config.logLevel);
  installRequestRateLimits(app, deps.db, live, budgets);
  await app.register(healthRoutes, { prefix: API_PREFIX, deps, monitoring });
  await app.register(authRoutes, { prefix: API_PREFIX, deps });
  await app.register(twoFactorRoutes, { prefix: API_PREFIX, deps });
  await app.register(sessionsRoutes, { prefix: API_PREFIX, deps });
  await app.register(rootAdminRoutes, { prefix: API_PREFIX, deps });
  await app.register(usersRoutes, {
    prefix: API_PREFIX,
    deps,
    grantableRole,
    welcome: (tx, userId) => grantWelcomeCoins(deps.db, tx, userId),
  });
  await app.register(userProfileRoutes, { prefix: API_PREFIX, deps });
  await app.register(accountRoutes, { prefix: API_PREFIX, deps });
  await app.register(appSocialRoutes, { prefix: API_PREFIX, deps });
  await app.register(appReportRoutes, { prefix: API_PREFIX, deps });
  await app.register(appLocationRoutes, { prefix: API_PREFIX, deps });
  await app.register(notificationReceiptRoutes, { prefix: API_PREFIX, deps });
  await app.register(officialMessageReceiptRoutes, { prefix: API_PREFIX, deps });
  await app.register(adminRolesRoutes, { prefix: API_PREFIX, deps });
  await app.register(callsRoutes, { prefix: API_PREFIX, deps });
  await app.register(callInspectorRoutes, { prefix: API_PREFIX, deps });
  await app.register(coinsRoutes, { prefix: API_PREFIX, deps });
  await app.register(coinPackagesRoutes, { prefix: API_PREFIX, deps });
  await app.register(purchasesRoutes, { prefix: API_PREFIX, deps });
  await app.register(geolocationRoutes, { prefix: API_PREFIX, deps });
  await app.register(socialRoutes, { prefix: API_PREFIX, deps });
  await app.register(clientErrorRoutes, { prefix: API_PREFIX, deps });
  await app.register(securityRoutes, { prefix: API_PREFIX, deps, blocked, live });
  await app.register(auditLogRoutes, { prefix: API_PREFIX, deps, usernamesById });
  await app.register(systemLogsRoutes, { prefix: API_PREFIX, deps });
  await app.register(userReportsRoutes, { prefix: API_PREFIX, deps });
  await app.register(notificationsRoutes, { prefix: API_PREFIX, deps });
  await app.register(officialMessagesRoutes, { prefix: API_PREFIX, deps });
  await app.register(settingsRoutes, { prefix: API_PREFIX, deps, live });
  await app.register(databaseRoutes, { prefix: API_PREFIX, deps });
  await app.register(factoryResetRoutes, { prefix: API_PREFIX, deps, live });
  await app.register(webhooksRoutes, { prefix: API_PREFIX, deps });
  if (options.backupSchedule) {
    const stopSchedule = startBackupSchedule(deps.db, {
      database: deps.database,
      dataDir: deps.config.dataDir,
      backupDir: deps.config.backupDir,
      live,
      log: app.log,
    });
    app.addHook('onClose', async () => stopSchedule());
  }
  await app.register(appConfigRoutes, { deps });
  await app.register(monitoringRoutes, { prefix: API_PREFIX, deps, monitoring });
  await app.register(prometheusRoute, { monitoring, token: deps.config.metricsToken });
  await app.register(dashboardRoutes, { prefix: API_PREFIX, deps, monitoring });

  if (options.serveWeb && webAppBuilt()) {
    await serveWebApp(app, { demoData: deps.config.demoData });
  } else {
    app.setNotFoundHandler(sendRouteNotFound);
  }
  return app;
}

/** A hop count trusts that many proxies in front of the server (Fastify's types lack the number form). */
function trustedProxies(setting: Config['trustProxy']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}
