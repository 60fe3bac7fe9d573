import { purchasesEndpoints } from '@switchboard/contract/purchases';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../http/endpoint-route.ts';
import { requestContext } from '../../http/request-context.ts';
import { PurchaseRefused } from './providers/payment-provider.ts';
import type { PaymentProviders } from './providers/payment-providers.ts';
import { applyNotification } from './purchase-notifications.service.ts';
import { recordRefusal } from './purchase-refusals.ts';

/**
 * Stripe's webhook. Stripe signs the exact bytes it sent, so its route keeps the
 * body as a Buffer (this plugin's own JSON parser) for `stripe.webhooks.constructEvent`. A callback that
 * fails verification is a 4xx and a security event; a verified one answers 200 with what became of it,
 * also when it changed nothing (a redelivery), so the provider stops retrying.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{
  deps: AppDeps;
  providers: PaymentProviders;
}> = async (app, { deps, providers }) => {
  const { db } = deps;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  route(app, purchasesEndpoints.stripeWebhook, async (request) => {
    const signature = request.headers['stripe-signature'];
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const context = requestContext(request);
    try {
      const note = providers.stripe.notification(raw, typeof signature === 'string' ? signature : undefined);
      return { received: true as const, outcome: await applyNotification(db, 'stripe', note, context) };
    } catch (error) {
      if (error instanceof PurchaseRefused) await recordRefusal(db, error, { provider: 'stripe', context });
      throw error;
    }
  });
};
