import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { keepBuiltInParsers } from './pglite-parsers.ts';

/** PGlite in `dataDir` (in memory when unset, from `image` when given), in the calling thread. */
export async function openPglite({ dataDir, image }: { dataDir?: string; image?: Blob }): Promise<PGlite> {
  const client = await PGlite.create(dataDir ?? 'memory://', {
    extensions: { pg_trgm },
    ...(image ? { loadDataDir: image } : {}),
  });
  try {
    await keepBuiltInParsers(client);
  } catch (err) {
    await client.close();
    throw err;
  }
  return client;
}
