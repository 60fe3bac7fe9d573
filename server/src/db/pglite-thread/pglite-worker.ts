import { parentPort } from 'node:worker_threads';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import {
  type PgliteBackup,
  removeLeftoverSnapshots,
  writePgliteBackup,
} from '../pglite-backup/pglite-backup.ts';
import { openPglite } from '../pglite-open.ts';
import type { Envelope, ErrorFields, QueryRequest, Reply, Request } from './messages.ts';

/**
 * The embedded database on a thread of its own: the server's thread parses HTTP and writes JSON
 * while PGlite plans and runs the previous request's statement. One PGlite, one statement at a time,
 * as before; transactions hold it between their statements exactly as `PGlite.transaction` does.
 */
const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread');

let database: PGlite | undefined;
let nextTxId = 1;
/** Open transactions: their PGlite handle, and how to end them. */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean, endId: number) => void }>();
/** Backups being written, by file: how to stop each, and its end. */
const backups = new Map<string, { stop: AbortController; done: Promise<PgliteBackup> }>();

const keepText = (value: string) => value;
const textParsers = new Map<string, Record<number, (value: string) => string>>();
function parsersKeepingText(types: number[]) {
  const key = types.join(',');
  let parsers = textParsers.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(types.map((type) => [type, keepText]));
    textParsers.set(key, parsers);
  }
  return parsers;
}

/** Sends a reply; one that cannot be cloned (a value of a type with no structured clone) becomes its error. */
function send(reply: Reply) {
  try {
    port?.postMessage(reply);
  } catch (err) {
    port?.postMessage({ id: reply.id, ok: false, error: errorFields(err) } satisfies Reply);
  }
}

/** The error's text fields (PostgreSQL's code, detail, constraint…): its query options hold functions. */
function errorFields(err: unknown): ErrorFields {
  if (!(err instanceof Error)) return { message: String(err), name: 'Error', fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return { message: err.message, name: err.name, fields };
}

function openedDatabase(): PGlite {
  if (!database) throw new Error('the PGlite thread has no database open');
  return database;
}

async function query({ sql, params, rowMode, textTypes, txId }: QueryRequest) {
  const options = { rowMode, ...(textTypes.length ? { parsers: parsersKeepingText(textTypes) } : {}) };
  if (txId === undefined) return openedDatabase().query(sql, params, options);
  const transaction = transactions.get(txId);
  if (!transaction) throw new Error(`transaction ${txId} is not open`);
  return transaction.tx.query(sql, params, options);
}

/** Opens a transaction and answers with its id; `end` commits or rolls it back and answers when it has. */
function begin(id: number) {
  const txId = nextTxId++;
  let endId: number | undefined;
  // A refusal (no database open) is this request's error reply, not an exception that stops the thread.
  Promise.resolve()
    .then(() =>
      openedDatabase().transaction(async (tx) => {
        const commit = await new Promise<boolean>((resolve) => {
          transactions.set(txId, {
            tx,
            end: (commitIt, endRequest) => {
              endId = endRequest;
              resolve(commitIt);
            },
          });
          send({ id, ok: true, value: txId });
        });
        if (!commit) await tx.rollback();
      }),
    )
    .then(
      () => endId !== undefined && send({ id: endId, ok: true, value: null }),
      (err: unknown) => send({ id: endId ?? id, ok: false, error: errorFields(err) }),
    )
    .finally(() => transactions.delete(txId));
}

async function handle(request: Request): Promise<unknown> {
  switch (request.op) {
    case 'open': {
      // Loaded while PGlite opens, rather than after: the thread mostly waits on PostgreSQL's start meanwhile.
      const migrations = request.migrationsFolder ? import('../migrate.ts') : undefined;
      migrations?.catch(() => undefined);
      database = await openPglite({
        ...(request.dataDir ? { dataDir: request.dataDir } : {}),
        ...(request.image ? { image: new Blob([request.image]) } : {}),
      });
      // Copies left by a backup the process was killed while writing (the data directory is ours now).
      if (request.dataDir) await removeLeftoverSnapshots(request.dataDir);
      if (migrations && request.migrationsFolder) {
        const opened = database;
        try {
          await (await migrations).migratePgliteHere(opened, request.migrationsFolder);
        } catch (err) {
          // Closed before the thread ends, so the data directory is left as PostgreSQL would leave it.
          database = undefined;
          await opened.close().catch(() => undefined);
          throw err;
        }
      }
      return null;
    }
    case 'query': {
      const { rows, fields, affectedRows } = await query(request);
      return { rows, fields, affectedRows };
    }
    case 'backup': {
      if (backups.has(request.path)) throw new Error(`a backup is already being written to ${request.path}`);
      const stop = new AbortController();
      const done = writePgliteBackup(openedDatabase(), request.path, stop.signal);
      backups.set(request.path, { stop, done });
      try {
        return await done;
      } finally {
        backups.delete(request.path);
      }
    }
    case 'stopBackup': {
      backups.get(request.path)?.stop.abort();
      return null;
    }
    case 'close': {
      // A backup still running stops and removes its files first: PGlite's shutdown checkpoint must not
      // write under its copy, and nothing would remove them after.
      for (const { stop } of backups.values()) stop.abort();
      await Promise.allSettled([...backups.values()].map(({ done }) => done));
      if (database && !database.closed) await database.close();
      return null;
    }
    case 'begin':
    case 'end':
      throw new Error(`${request.op} is answered by the transaction`);
  }
}

port.on('message', ({ id, request }: Envelope) => {
  if (request.op === 'begin') return begin(id);
  if (request.op === 'end') {
    const transaction = transactions.get(request.txId);
    if (!transaction) {
      send({ id, ok: false, error: errorFields(new Error(`transaction ${request.txId} is not open`)) });
      return;
    }
    return transaction.end(request.commit, id);
  }
  handle(request).then(
    (value) => send({ id, ok: true, value }),
    (err: unknown) => send({ id, ok: false, error: errorFields(err) }),
  );
});
