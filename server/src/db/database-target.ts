import { join } from 'node:path';

export type DatabaseTarget =
  | {
      kind: 'pglite';
      dataDir?: string;
      /** A data directory image (PGlite's dumpDataDir) to start an in-memory database from. */
      image?: Blob;
      /** Run PGlite in the calling thread instead of a worker thread of its own. */
      inThisThread?: boolean;
    }
  | { kind: 'postgres'; url: string };

/** The database the configuration names: PostgreSQL at DATABASE_URL, else PGlite under DATA_DIR. */
export function configuredDatabase(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: join(config.dataDir, 'pglite') };
}
