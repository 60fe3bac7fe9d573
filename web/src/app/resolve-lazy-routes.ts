import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Loads the lazy routes that match `path` and writes what they give into the route objects, so a router
 * created afterwards renders the page at once instead of its HydrateFallback first. Hydrating the
 * prerendered login and landing pages needs that first render to be the page itself.
 */
export async function resolveLazyRoutes(routes: RouteObject[], path: string): Promise<void> {
  const matches = matchRoutes(routes, path) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
