import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { keepBuiltInParsers } from './pglite-parsers.ts';

/**
 * 16 MB of shared buffers, not PostgreSQL's 128 MB: PGlite sets the whole pool up as it opens, each 16 MB
 * costing ~40–60 ms of every start (PGlite.create alone: 680 ms at 16 MB, 820 at 64 MB), while the lists
 * and searches at 1m ran the same or better with less (the pages PostgreSQL reads again come from the
 * operating system's cache; bench/README.md, "Cold start").
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** PGlite in `dataDir` (in memory when unset, from `image` when given), in the calling thread. */
export async function openPglite({ dataDir, image }: { dataDir?: string; image?: Blob }): Promise<PGlite> {
  const client = await PGlite.create(dataDir ?? 'memory://', {
    extensions: { pg_trgm },
    startParams: START_PARAMS,
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
