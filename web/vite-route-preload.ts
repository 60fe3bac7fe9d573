import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

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

/**
 * Writes a copy of index.html per signed-out entry route (`login.html` for the sign-in page…) that also
 * modulepreloads the route's lazy chunk and the chunks only it imports. The browser then fetches them
 * beside the main bundle instead of after it has run, which takes a round trip off the first paint of
 * /login and /, and their stylesheet is inlined. The server sends the copy for its path; every other path keeps the plain index.html.
 */
export function routePreloads(pages: Record<string, string>): Plugin {
  let outDir = 'dist';
  return {
    name: 'switchboard-route-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    writeBundle(_, bundle) {
      const index = readFileSync(join(outDir, 'index.html'), 'utf8');
      for (const [page, modulePath] of Object.entries(pages)) {
        const entry = Object.values(bundle).find(
          (c) => c.type === 'chunk' && c.facadeModuleId?.endsWith(modulePath),
        );
        if (entry?.type !== 'chunk') throw new Error(`no chunk for ${modulePath}`);
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file) || index.includes(`/${file}"`)) return;
          files.add(file);
          const chunk = bundle[file];
          if (chunk?.type === 'chunk') for (const imported of chunk.imports) visit(imported);
        };
        visit(entry.fileName);
        const links = [...files]
          .map((f) => `    <link rel="modulepreload" crossorigin href="/${f}">`)
          .join('\n');
        writeFileSync(
          join(outDir, page),
          inlineStylesheets(index, outDir).replace('  </head>', `${links}\n  </head>`),
        );
      }
    },
  };
}
