import type { AppConfig } from '@switchboard/contract/app-config';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { App } from '@/app/app.tsx';
import { resolveLazyRoutes } from '@/app/resolve-lazy-routes.ts';
import { appRoutes } from '@/app/routes.tsx';

/**
 * The markup of a signed-out page, rendered at build time (web/vite-prerender.ts) by the same tree that
 * main.tsx hydrates, so the two match.
 */
export async function prerenderPage(path: string, config: AppConfig): Promise<string> {
  await resolveLazyRoutes(appRoutes, path);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  return renderToString(
    <StrictMode>
      <App config={config} router={router} />
    </StrictMode>,
  );
}
