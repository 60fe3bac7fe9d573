/** What the server's thread asks of the PGlite thread, and what it answers. Every value crosses by structured clone. */

export type QueryRequest = {
  op: 'query';
  sql: string;
  params: unknown[];
  rowMode: 'array' | 'object';
  /** Type OIDs to hand back as their text (Drizzle keeps timestamps, dates and intervals as text). */
  textTypes: number[];
  /** The open transaction to run in; none runs on its own, after any open transaction ends. */
  txId?: number;
};

export type Request =
  /** With `migrationsFolder`, the open answers once its migrations have run too. */
  | { op: 'open'; dataDir?: string; image?: ArrayBuffer; migrationsFolder?: string }
  | QueryRequest
  | { op: 'begin' }
  | { op: 'end'; txId: number; commit: boolean }
  /** Writes the backup file at `path` itself and answers with its size: the file never crosses threads. */
  | { op: 'backup'; path: string }
  /** Stops the backup writing `path`, which then removes what it had written. */
  | { op: 'stopBackup'; path: string }
  | { op: 'close' };

export type Envelope = { id: number; request: Request };

/** An error's message and its own fields (a PostgreSQL error's code, detail, constraint…). */
export type ErrorFields = { message: string; name: string; fields: Record<string, unknown> };

export type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: ErrorFields };
