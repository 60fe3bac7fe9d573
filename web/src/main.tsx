import type { AppConfig } from '@switchboard/contract/app-config';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from '@/app/app.tsx';
import { resolveLazyRoutes } from '@/app/resolve-lazy-routes.ts';
import { appRoutes } from '@/app/routes.tsx';
import { fetchAppConfig } from '@/lib/app-config.ts';
import { hasStoredTokens } from '@/lib/session-storage.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/** Renders the app into an empty (or loading-line) #root; a transition slices that first render too. */
function renderFromScratch(root: HTMLElement): void {
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App router={createBrowserRouter(appRoutes)} />
      </StrictMode>,
    );
  });
}

/**
 * login.html and landing.html arrive with their page already in #root, rendered at build time for a
 * signed-out visitor (web/vite-prerender.ts), so it is painted before any script runs. React takes that
 * markup over once the route's chunk and /config.json are in, since its first render must be the same
 * page; as a transition, hydration runs in slices that yield to the browser instead of one long task.
 */
async function hydratePrerenderedPage(root: HTMLElement): Promise<void> {
  let config: AppConfig;
  try {
    [config] = await Promise.all([fetchAppConfig(), resolveLazyRoutes(appRoutes, location.pathname)]);
  } catch {
    // The route's chunk did not load: the app's own error screen says so and offers a reload.
    renderFromScratch(root);
    return;
  }
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App config={config} router={createBrowserRouter(appRoutes)} />
      </StrictMode>,
    );
  });
}

// A visitor with a stored session is not shown the signed-out page: the console renders from scratch.
if (container.hasAttribute('data-prerendered') && !hasStoredTokens()) void hydratePrerenderedPage(container);
else renderFromScratch(container);
