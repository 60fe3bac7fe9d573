import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';
import { type PrerenderedPage, prerenderPages } from './vite-prerender.ts';

/**
 * The stylesheet inside the page, so the first paint does not wait for one more request (a phone's
 * First Contentful Paint). Only the signed-out entry pages do this; the console's index.html keeps the
 * cacheable file.
 */
function inlineStylesheets(html: string, outDir: string): string {
  return html.replace(
    /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g,
    (_, file: string) => `<style>${readFileSync(join(outDir, file), 'utf8')}</style>`,
  );
}

/** The app itself, which src/boot.ts imports after the first paint. */
const APP_MODULE = 'src/main.tsx';

/** The index.html root holds a loading line; a prerendered page takes its place. */
const ROOT_ELEMENT = /<div id="root">.*<\/div>$/m;

function withPrerenderedRoot(html: string, markup: string): string {
  if (!ROOT_ELEMENT.test(html)) throw new Error('index.html has no one-line <div id="root">');
  return html.replace(ROOT_ELEMENT, () => `<div id="root" data-prerendered>${markup}</div>`);
}

export interface RoutePage {
  /** The route's lazy module, e.g. 'src/features/auth/login-page.tsx'. */
  module: string;
  /** The page prerendered into #root for a signed-out visitor (main.tsx hydrates it). */
  prerender: PrerenderedPage;
}

/**
 * `<link rel="modulepreload">` for a module's chunk and the chunks it imports that `html` does not load
 * yet. On a prerendered page they are fetched at low priority: what is on screen does not wait for them,
 * so they must not compete with the page for its first paint.
 */
function modulePreloads(bundle: OutputBundle, html: string, modulePath: string): string {
  const prerendered = html.includes('data-prerendered');
  const entry = Object.values(bundle).find(
    (c) => c.type === 'chunk' && c.facadeModuleId?.endsWith(modulePath),
  );
  if (entry?.type !== 'chunk') throw new Error(`no chunk for ${modulePath}`);
  const files = new Set<string>();
  const visit = (name: string) => {
    if (files.has(name) || html.includes(`/${name}"`)) return;
    files.add(name);
    const chunk = bundle[name];
    if (chunk?.type === 'chunk') for (const imported of chunk.imports) visit(imported);
  };
  visit(entry.fileName);
  const priority = prerendered ? ' fetchpriority="low"' : '';
  const links = [...files]
    .map((f) => `    <link rel="modulepreload"${priority} crossorigin href="/${f}">\n`)
    .join('');
  return html.replace('  </head>', `${links}  </head>`);
}

/**
 * index.html's entry (src/boot.ts) imports the app (src/main.tsx) only after the first paint; index.html
 * modulepreloads the app's chunks so they download meanwhile. Then it writes a copy of index.html per
 * signed-out entry route (`login.html` for the sign-in page…) with the route's page prerendered into
 * #root, its stylesheet inlined and the route's lazy chunks modulepreloaded too, so the browser fetches
 * them beside the app instead of after it has run. The server sends the copy for its path; every other
 * path gets index.html.
 */
export function routePreloads(pages: Record<string, RoutePage>): Plugin {
  let outDir = 'dist';
  let configFile: string | undefined;
  return {
    name: 'switchboard-route-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
      configFile = config.configFile;
    },
    async writeBundle(_, bundle) {
      const built = readFileSync(join(outDir, 'index.html'), 'utf8');
      writeFileSync(join(outDir, 'index.html'), modulePreloads(bundle, built, APP_MODULE));
      const entries = Object.entries(pages);
      const markup = await prerenderPages(
        configFile,
        entries.map(([, page]) => page.prerender),
      );
      entries.forEach(([file, page], i) => {
        const html = withPrerenderedRoot(inlineStylesheets(built, outDir), markup[i] ?? '');
        const withApp = modulePreloads(bundle, html, APP_MODULE);
        writeFileSync(join(outDir, file), modulePreloads(bundle, withApp, page.module));
      });
    },
  };
}
