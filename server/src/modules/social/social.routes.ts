import { socialEndpoints } from '@switchboard/contract/social';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../http/endpoint-route.ts';
import {
  listFollows,
  listFriendRequests,
  listLikes,
  searchSocialUsers,
  socialSummary,
} from './social.service.ts';

export const socialRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;
  route(app, socialEndpoints.summary, async () => ({
    success: true as const,
    data: await socialSummary(db),
  }));
  route(app, socialEndpoints.users, async (request) => ({
    success: true as const,
    data: await searchSocialUsers(db, request.query),
  }));
  route(app, socialEndpoints.likes, async (request) => ({
    success: true as const,
    data: await listLikes(db, request.query),
  }));
  route(app, socialEndpoints.friendRequests, async (request) => ({
    success: true as const,
    data: await listFriendRequests(db, request.query),
  }));
  route(app, socialEndpoints.follows, async (request) => ({
    success: true as const,
    data: await listFollows(db, request.query),
  }));
};
