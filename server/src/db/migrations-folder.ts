import { fileURLToPath } from 'node:url';

/**
 * server/drizzle, where the migrations are: from server/src/db in the sources, and from server/dist/bundle
 * in the compiled server (both two folders below server/). A file of its own, so main.ts can hand it to
 * the PGlite thread without loading the migrators.
 */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));
