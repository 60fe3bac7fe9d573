import type { AppConfig } from '@switchboard/contract/app-config';
import { createServer } from 'vite';

export interface PrerenderedPage {
  /** The route, e.g. '/login'. */
  path: string;
  /** The demo sign-in the server's /config.json names when it runs with demo data, else null. */
  demo: { username: string; password: string } | null;
}

/**
 * Renders pages with the app's own modules through Vite's SSR loader (same aliases and plugins as the
 * build), for a signed-out visitor and the built-in app config with the page's demo setting: what the
 * browser's first render produces from /config.json, so hydration finds the same markup.
 */
export async function prerenderPages(configFile: string | undefined, pages: PrerenderedPage[]) {
  const server = await createServer({
    configFile,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  try {
    const { DEFAULT_APP_CONFIG } = (await server.ssrLoadModule('/src/lib/app-config.ts')) as {
      DEFAULT_APP_CONFIG: AppConfig;
    };
    const { prerenderPage } = (await server.ssrLoadModule('/src/app/prerender-page.tsx')) as {
      prerenderPage: (path: string, config: AppConfig) => Promise<string>;
    };
    const markup: string[] = [];
    for (const page of pages) {
      const demo = { enabled: page.demo !== null, credentials: page.demo };
      markup.push(await prerenderPage(page.path, { ...DEFAULT_APP_CONFIG, demo }));
    }
    return markup;
  } finally {
    await server.close();
  }
}
