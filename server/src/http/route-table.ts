import type { EndpointPermission } from '@switchboard/contract/permissions';
import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
  public: boolean;
  /** Open to any signed-in account (a calling app's session too). */
  user: boolean;
  role: 'root' | undefined;
  permission: EndpointPermission | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route added after collectRouteTable, with its access config; read by the deny-by-default test. */
    routeTable: readonly RegisteredRoute[];
  }
}

/** Fastify has no API that lists routes with their config, so record them as they are added. */
export function collectRouteTable(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  app.decorate('routeTable', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      routes.push({
        method,
        url: route.url,
        public: route.config?.public === true,
        user: route.config?.user === true,
        role: route.config?.role,
        permission: route.config?.permission,
      });
    }
  });
}
