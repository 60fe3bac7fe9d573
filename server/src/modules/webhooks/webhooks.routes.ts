import { WEBHOOK_MESSAGES, webhookEndpoints } from '@switchboard/contract/webhooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireAdmin } from '../../http/auth-guard.ts';
import { route } from '../../http/endpoint-route.ts';
import { requestContext } from '../../http/request-context.ts';
import * as webhooks from './webhooks.service.ts';

export const webhooksRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;
  const by = (request: Parameters<typeof requestContext>[0]) => ({
    actor: requireAdmin(request),
    context: requestContext(request),
  });

  route(app, webhookEndpoints.list, async () => ({
    success: true as const,
    data: await webhooks.listWebhookEndpoints(db),
  }));
  route(app, webhookEndpoints.create, async (request) => {
    return {
      success: true as const,
      message: WEBHOOK_MESSAGES.created,
      data: await webhooks.createWebhookEndpoint(db, request.body, by(request)),
    };
  });
  route(app, webhookEndpoints.update, async (request) => ({
    success: true as const,
    message: WEBHOOK_MESSAGES.updated,
    data: await webhooks.updateWebhookEndpoint(db, request.params.id, request.body, by(request)),
  }));
  route(app, webhookEndpoints.delete, async (request) => {
    await webhooks.deleteWebhookEndpoint(db, request.params.id, by(request));
    return { success: true as const, message: WEBHOOK_MESSAGES.deleted };
  });
  route(app, webhookEndpoints.rotateSecret, async (request) => {
    return {
      success: true as const,
      message: WEBHOOK_MESSAGES.rotated,
      data: await webhooks.rotateWebhookSecret(db, request.params.id, by(request)),
    };
  });
  route(app, webhookEndpoints.sendTest, async (request) => {
    await webhooks.sendTestEvent(db, request.params.id, by(request));
    return { success: true as const, message: WEBHOOK_MESSAGES.testQueued };
  });
  route(app, webhookEndpoints.deliveries, async (request) => ({
    success: true as const,
    data: await webhooks.listWebhookDeliveries(db, request.params.id, request.query),
  }));
  route(app, webhookEndpoints.replayDelivery, async (request) => {
    const n = await webhooks.replayWebhookDelivery(
      db,
      request.params.id,
      request.params.delivery_id,
      by(request),
    );
    return { success: true as const, message: WEBHOOK_MESSAGES.replayed(n) };
  });
  route(app, webhookEndpoints.replayFailures, async (request) => {
    const n = await webhooks.replayWebhookFailures(
      db,
      request.params.id,
      new Date(request.body.since),
      by(request),
    );
    return { success: true as const, message: WEBHOOK_MESSAGES.replayed(n) };
  });
};
