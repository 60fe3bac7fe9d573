import type { Plugin } from 'vite';

/** The contract modules the web checks before its first screen: the stored session and the app config. */
const FIRST_LOAD_SCHEMAS = /\/contract\/src\/(session-user|app-config-sections)\.ts$/;

/**
 * Gives the zod/mini of the first-load schemas a second copy of the same zod version (the
 * `zod-first-load` package). From the one zod package they would share its core with the full zod of
 * the lazy screens, and the first download would carry all of it; the copy keeps only what they use.
 * Every other zod/mini import (the users screen's contract) stays on the one zod package: in the copy
 * it would grow what `/` and `/login` download by the schema kinds only that screen needs.
 */
export function firstLoadZod(): Plugin {
  return {
    name: 'switchboard-first-load-zod',
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (source !== 'zod/mini' || !importer || !FIRST_LOAD_SCHEMAS.test(importer)) return null;
      return this.resolve('zod-first-load/mini', importer, { ...options, skipSelf: true });
    },
  };
}
