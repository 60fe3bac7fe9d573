import { purchasesEndpoints } from '@switchboard/contract/purchases';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireAccount, requireAdmin } from '../../http/auth-guard.ts';
import { route, routeFile } from '../../http/endpoint-route.ts';
import { requestContext } from '../../http/request-context.ts';
import { stripeWebhookRoutes } from './payment-webhooks.routes.ts';
import { PurchaseRefused } from './providers/payment-provider.ts';
import { paymentProviders } from './providers/payment-providers.ts';
import { applyNotification } from './purchase-notifications.service.ts';
import { recordRefusal } from './purchase-refusals.ts';
import { buyPackage } from './purchases.service.ts';
import {
  providersStatus,
  purchasesCsv,
  purchasesPage,
  revenue,
  reversePurchaseByAdmin,
} from './purchases-admin.service.ts';

/** Buying coins (the apps), the providers' callbacks, and the console's Purchases view. */
export const purchasesRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;
  const providers = paymentProviders(deps.config);

  route(
    app,
    purchasesEndpoints.buy,
    async (request) => {
      const account = requireAccount(request);
      return {
        success: true as const,
        data: await buyPackage(
          db,
          providers,
          { id: account.id, username: account.username },
          request.params.id,
          request.body,
          { ...requestContext(request), origin: `${request.protocol}://${request.host}` },
        ),
      };
    },
    { config: { appFacing: true } },
  );

  route(app, purchasesEndpoints.appProviders, async () => ({
    success: true as const,
    data: providersStatus(providers),
  }));

  route(app, purchasesEndpoints.list, async (request) => ({
    success: true as const,
    data: await purchasesPage(db, request.query),
  }));

  routeFile(app, purchasesEndpoints.exportCsv, async (request) => ({
    filename: `purchases-${new Date().toISOString().slice(0, 10)}.csv`,
    body: await purchasesCsv(db, request.query),
  }));

  route(app, purchasesEndpoints.providers, async () => ({
    success: true as const,
    data: providersStatus(providers),
  }));

  route(app, purchasesEndpoints.revenue, async (request) => ({
    success: true as const,
    data: await revenue(db, request.query.days),
  }));

  route(app, purchasesEndpoints.reverse, async (request) => ({
    success: true as const,
    data: await reversePurchaseByAdmin(
      db,
      providers,
      requireAdmin(request),
      request.params.id,
      request.body.reason,
      requestContext(request),
    ),
  }));

  // App Store Server Notifications V2: Apple signs the payload inside the JSON body.
  route(app, purchasesEndpoints.appleNotifications, async (request) => {
    const context = requestContext(request);
    try {
      const note = await providers.apple.notification(request.body.signedPayload);
      return { received: true as const, outcome: await applyNotification(db, 'apple', note, context) };
    } catch (error) {
      if (error instanceof PurchaseRefused) await recordRefusal(db, error, { provider: 'apple', context });
      throw error;
    }
  });

  await app.register(stripeWebhookRoutes, { deps, providers });
};
