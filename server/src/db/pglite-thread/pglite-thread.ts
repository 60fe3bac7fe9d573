import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import type { PgliteBackup } from '../pglite-backup/pglite-backup.ts';
import type { Envelope, ErrorFields, QueryRequest, Reply, Request } from './messages.ts';

const CLOSED = 'the PGlite thread is closed';

type Pending = { resolve: (value: unknown) => void; reject: (err: Error) => void };
/** What Drizzle's PGlite driver calls inside a transaction. */
type ThreadTransaction = {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
};

type OpenOptions = {
  dataDir?: string;
  image?: Blob;
  /** Run on the thread as it opens: `opened` then settles once they have run too. */
  migrationsFolder?: string;
  onFailure?: (err: Error) => void;
};

/** An error from the PGlite thread, rebuilt with the fields the server reads (a PostgreSQL error's `code`). */
function rebuiltError({ message, name, fields }: ErrorFields): Error {
  const err = Object.assign(new Error(message), fields);
  err.name = name;
  return err;
}

/**
 * PGlite running on a worker thread (`pglite-worker.ts`), with the part of PGlite's API that Drizzle's
 * driver and the server use: `query`, `transaction`, `close` and `closed`; and `writeBackup`.
 *
 * PGlite runs each statement on the thread that calls it. In the server's own thread, every request
 * waited for every other request's statement and the statements for every request's HTTP work;
 * here the two overlap on two cores.
 */
export class PgliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #onFailure: (err: Error) => void;
  #nextId = 1;
  /** Open until close is called (or the thread dies): only then is a thread's death a failure to report. */
  #isOpen = false;
  #closing: Promise<void> | undefined;
  #stopped: Error | undefined;
  /**
   * Settles when PGlite has opened on the thread (and run the migrations, when given); rejects when it
   * could not, and the thread has ended.
   */
  readonly opened: Promise<void>;

  private constructor({ dataDir, image, migrationsFolder, onFailure = () => {} }: OpenOptions) {
    this.#onFailure = onFailure;
    this.#worker = new Worker(new URL('./worker-entry.mjs', import.meta.url), { execArgv: [] });
    this.#worker.unref();
    this.#worker.on('message', (reply: Reply) => this.#settle(reply));
    this.#worker.on('messageerror', (err) => this.#stop(err));
    this.#worker.on('error', (err) =>
      this.#stop(err instanceof Error ? err : new Error(`the PGlite thread failed: ${String(err)}`)),
    );
    this.#worker.on('exit', (code) =>
      this.#stop(new Error(this.#closing ? CLOSED : `the PGlite thread exited with code ${code}`)),
    );
    this.opened = this.#open(dataDir, image, migrationsFolder);
    // Awaited by whoever started the thread; a failure is theirs to throw, not an unhandled rejection meanwhile.
    this.opened.catch(() => undefined);
  }

  async #open(
    dataDir: string | undefined,
    image: Blob | undefined,
    migrationsFolder: string | undefined,
  ): Promise<void> {
    const request: Request = {
      op: 'open',
      ...(dataDir ? { dataDir } : {}),
      ...(migrationsFolder ? { migrationsFolder } : {}),
    };
    if (image) request.image = await image.arrayBuffer();
    try {
      await this.#call(request);
    } catch (err) {
      await this.#worker.terminate();
      throw err;
    }
    this.#isOpen = true;
  }

  /**
   * Opens `dataDir` (or an in-memory database, from `image` when given) on a new thread. `onFailure` hears
   * of the thread dying after it opened and before `close`: every statement after it fails, and the
   * readiness check says so. A failure to open is thrown by this call instead.
   */
  static async open(options: OpenOptions): Promise<PgliteThread> {
    const thread = PgliteThread.start(options);
    await thread.opened;
    return thread;
  }

  /**
   * The thread at once, with PGlite opening on it: `opened` settles when it has (a failure to open
   * rejects it and ends the thread). Statements sent before then fail.
   */
  static start(options: OpenOptions): PgliteThread {
    return new PgliteThread(options);
  }

  /** True once close has finished, or the thread has died. */
  get closed(): boolean {
    return this.#stopped !== undefined;
  }

  async query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> {
    return (await this.#call(this.#queryRequest(sql, params, options))) as Results<T>;
  }

  /** Runs `callback` in a transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const txId = (await this.#call({ op: 'begin' })) as number;
    const tx: ThreadTransaction = {
      query: async <R>(sql: string, params: unknown[] = [], options: QueryOptions = {}) =>
        (await this.#call({ ...this.#queryRequest(sql, params, options), txId })) as Results<R>,
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (err) {
      await this.#call({ op: 'end', txId, commit: false }).catch(() => undefined);
      throw err;
    }
    await this.#call({ op: 'end', txId, commit: true });
    return result;
  }

  /**
   * Writes the data directory to `path` as a gzipped tarball, as PGlite's own `dumpDataDir('gzip')` would
   * (see writePgliteBackup). The PGlite thread writes the file: the backup never crosses between the threads.
   * An abort stops it, and the partial file is removed.
   */
  async writeBackup(path: string, signal?: AbortSignal): Promise<PgliteBackup> {
    signal?.throwIfAborted();
    const stop = () => void this.#call({ op: 'stopBackup', path }).catch(() => undefined);
    signal?.addEventListener('abort', stop, { once: true });
    try {
      return (await this.#call({ op: 'backup', path })) as PgliteBackup;
    } finally {
      signal?.removeEventListener('abort', stop);
    }
  }

  /** Closes PGlite (its shutdown checkpoint included), then the thread; a second call waits for the first. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      this.#isOpen = false;
      try {
        if (!this.#stopped) await this.#call({ op: 'close' });
      } finally {
        await this.#worker.terminate();
        this.#stop(new Error(CLOSED));
      }
    })();
    return this.#closing;
  }

  #queryRequest(sql: string, params: unknown[], options: QueryOptions): QueryRequest {
    if (options.serializers || options.blob || options.onNotice || options.paramTypes)
      throw new Error('the PGlite thread takes rowMode and text parsers only');
    // Drizzle's parsers return the text unchanged; the thread applies the same to the same types.
    const textTypes = Object.keys(options.parsers ?? {}).map(Number);
    return { op: 'query', sql, params, rowMode: options.rowMode ?? 'object', textTypes };
  }

  #call(request: Request): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      // An image is handed over rather than copied: the caller has no further use for it.
      const transfer = request.op === 'open' && request.image ? [request.image] : [];
      try {
        // A value with no structured clone (a function, say) is refused here, before anything waits for it.
        this.#worker.postMessage({ id, request } satisfies Envelope, transfer);
      } catch (err) {
        reject(err);
        return;
      }
      // The thread keeps the process alive only while something waits for it.
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
    });
  }

  #settle(reply: Reply) {
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (reply.ok) pending.resolve(reply.value);
    else pending.reject(rebuiltError(reply.error));
  }

  #stop(err: Error) {
    if (this.#stopped) return;
    this.#stopped = err;
    if (this.#isOpen) this.#onFailure(err);
    for (const pending of this.#pending.values()) pending.reject(err);
    this.#pending.clear();
  }
}
