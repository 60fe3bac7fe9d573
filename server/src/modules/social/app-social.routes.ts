import { APP_ACTION_MESSAGES, appActionEndpoints } from '@switchboard/contract/app-actions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireAccount } from '../../http/auth-guard.ts';
import { route } from '../../http/endpoint-route.ts';
import {
  answerFriendRequest,
  follow,
  like,
  sendFriendRequest,
  unfollow,
  unlike,
} from './app-social.service.ts';

/** A calling app's likes, friend requests and follows: the signed-in account acting for itself. */
export const appSocialRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;
  const me = (request: Parameters<typeof requireAccount>[0]) => requireAccount(request).id;

  route(app, appActionEndpoints.like, async (request) => ({
    success: true as const,
    data: await like(db, me(request), request.body),
  }));
  route(app, appActionEndpoints.unlike, async (request) => {
    await unlike(db, me(request), request.query);
    return { success: true as const, message: APP_ACTION_MESSAGES.unliked };
  });
  route(app, appActionEndpoints.sendFriendRequest, async (request) => ({
    success: true as const,
    data: await sendFriendRequest(db, me(request), request.body),
  }));
  route(app, appActionEndpoints.acceptFriendRequest, async (request) => ({
    success: true as const,
    data: await answerFriendRequest(db, me(request), request.params.id, 'accepted'),
  }));
  route(app, appActionEndpoints.declineFriendRequest, async (request) => ({
    success: true as const,
    data: await answerFriendRequest(db, me(request), request.params.id, 'declined'),
  }));
  route(app, appActionEndpoints.follow, async (request) => ({
    success: true as const,
    data: await follow(db, me(request), request.body.user_id),
  }));
  route(app, appActionEndpoints.unfollow, async (request) => {
    await unfollow(db, me(request), request.query.user_id);
    return { success: true as const, message: APP_ACTION_MESSAGES.unfollowed };
  });
};
