import type { Plugin } from 'vite';
// By path: Vite loads this file with Node, which does not load a package's TypeScript sources.
import { THEME_BOOT_SCRIPT } from '../contract/src/theme-boot.ts';

const CHARSET = /<meta charset="[^"]*" \/>\n/;

/**
 * The theme boot script inline right after <meta charset>, byte for byte as the server's
 * Content-Security-Policy hashes it, so <html> has its `dark` class before anything paints.
 */
export function themeBoot(): Plugin {
  return {
    name: 'switchboard-theme-boot',
    transformIndexHtml(html) {
      if (!CHARSET.test(html)) throw new Error('index.html has no <meta charset> line');
      return html.replace(CHARSET, (meta) => `${meta}    <script>${THEME_BOOT_SCRIPT}</script>\n`);
    },
  };
}
