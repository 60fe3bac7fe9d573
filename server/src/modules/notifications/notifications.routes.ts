import { NOTIFICATION_MESSAGES, notificationsEndpoints } from '@switchboard/contract/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireAdmin } from '../../http/auth-guard.ts';
import { route } from '../../http/endpoint-route.ts';
import { requestContext } from '../../http/request-context.ts';
import * as service from './notifications.service.ts';

export const notificationsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db, userPush } = deps;
  const who = (request: Parameters<typeof requestContext>[0]) => ({
    actor: requireAdmin(request),
    context: requestContext(request),
  });

  route(app, notificationsEndpoints.list, async (request) => ({
    success: true as const,
    data: await service.listNotifications(db, request.query),
  }));

  route(app, notificationsEndpoints.stats, async () => ({
    success: true as const,
    data: await service.notificationStats(db),
  }));

  route(app, notificationsEndpoints.audiencePreview, async (request) => ({
    success: true as const,
    data: await service.previewAudience(db, request.body),
  }));

  route(app, notificationsEndpoints.create, async (request) => ({
    success: true as const,
    data: await service.createNotification(db, request.body, who(request)),
  }));

  route(app, notificationsEndpoints.update, async (request) => ({
    success: true as const,
    data: await service.updateNotification(db, request.params.id, request.body, who(request)),
  }));

  route(app, notificationsEndpoints.send, async (request) => ({
    success: true as const,
    data: await service.sendNotification(db, { userPush }, request.params.id, who(request)),
  }));

  route(app, notificationsEndpoints.cancel, async (request) => ({
    success: true as const,
    data: await service.cancelNotification(db, request.params.id, who(request)),
  }));

  route(app, notificationsEndpoints.delete, async (request) => {
    await service.deleteNotification(db, request.params.id, who(request));
    return { success: true as const, message: NOTIFICATION_MESSAGES.deleted };
  });
};
