import { geolocationEndpoints } from '@switchboard/contract/geolocation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../http/endpoint-route.ts';
import { geolocationStats, listRecentLocations } from './geolocation.service.ts';

export const geolocationRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;

  route(app, geolocationEndpoints.stats, async () => ({
    success: true as const,
    data: await geolocationStats(db),
  }));

  route(app, geolocationEndpoints.data, async (request) => ({
    success: true as const,
    data: { locations: await listRecentLocations(db, request.query) },
  }));
};
