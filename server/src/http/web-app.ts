import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendRouteNotFound } from './error-handler.ts';

const webDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));
/** Vite puts a content hash in every file name under assets/, so a name never changes meaning. */
const hashedAssets = `${sep}assets${sep}`;

export const webAppBuilt = (): boolean => existsSync(webDist);

/**
 * Signed-out entry routes with their own copy of index.html, the page prerendered in it and the route's
 * chunks preloaded (written by web/vite-route-preload.ts); every other path gets index.html. With demo data
 * the sign-in page is the copy that shows the demo credentials, as /config.json then says.
 */
function routePages(demoData: boolean): Record<string, string> {
  return { '/': 'landing.html', '/login': demoData ? 'login-demo.html' : 'login.html' };
}

/**
 * The built SPA, with index.html for every non-API path so client-side routes survive a reload.
 * The build writes .br and .gz beside each file; the browser gets the smallest it accepts.
 */
export async function serveWebApp(
  app: FastifyInstance,
  { demoData, root = webDist }: { demoData: boolean; root?: string },
): Promise<void> {
  const pages = routePages(demoData);
  await app.register(fastifyStatic, {
    root,
    // One route for every file, looked up when asked for: listing and routing each of the build's
    // hundreds of files at start took ~150 ms of it. A path with no file falls to the handler below.
    wildcard: true,
    // '/' is answered below, with its own page.
    index: false,
    // A directory ('/', '/assets/') is never a file: it falls to the handler below, which answers '/'
    // with its page. Without this, a request with no Accept-Encoding reached the directory itself and
    // was refused with 403 (with one, the compressed lookup found no index and fell through).
    allowedPath: (path) => !path.endsWith('/'),
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header(
        'cache-control',
        path.includes(hashedAssets) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const path = safeDecode(request.url);
    const isApi = path.startsWith('/api/') || path.startsWith('/socket.io');
    if (request.method !== 'GET' || isApi) return sendRouteNotFound(request, reply);
    const page = pages[path.split('?')[0] ?? ''];
    return reply.type('text/html').sendFile(page && existsSync(join(root, page)) ? page : 'index.html');
  });
}

function safeDecode(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}
