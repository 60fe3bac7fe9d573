// Statement spans at the one seam every statement passes: the driver under Drizzle. PGlite's `query`
// (and `exec`, and a transaction's), PostgreSQL's pool `query` and the `query` of a client checked out
// for a transaction. Only statements sent within a span (a traced request) become spans: the settings
// reload, the log batches and the jobs would otherwise make a root trace of every statement they send.
import type { Context, Tracer } from '@opentelemetry/api';
import type pg from 'pg';
import type { DatabaseHandle } from '../db/client.ts';
import { namedStatementText } from '../db/named-statement.ts';

type Api = typeof import('@opentelemetry/api');
// biome-ignore lint/suspicious/noExplicitAny: the drivers' overloaded query signatures, passed through as called
type AnyFunction = (...args: any[]) => any;

/** Longer statements are cut: a span stays small whatever a statement holds. */
const MAX_STATEMENT_CHARS = 4096;
const HELD = Symbol('checked out by a caller');
const WRAPPED = Symbol('query traced');

export function traceStatements(handle: DatabaseHandle, api: Api, tracer: Tracer): void {
  const traced = <T>(text: string, run: () => T): T => statementSpan(api, tracer, text, run);
  if (handle.pglite) tracePglite(handle.pglite as unknown as PgliteLike, traced);
  if (handle.pool) tracePool(handle.pool, traced);
}

type Traced = <T>(text: string, run: () => T) => T;

/** A span around one statement, child of the active span; none when no span is active. */
function statementSpan<T>(api: Api, tracer: Tracer, text: string, run: () => T): T {
  const parent: Context = api.context.active();
  if (!api.trace.getSpan(parent)) return run();
  const statement = shownStatement(text);
  const span = tracer.startSpan(
    operationOf(statement),
    {
      kind: api.SpanKind.CLIENT,
      attributes: { 'db.system': 'postgresql', 'db.statement': statement },
    },
    parent,
  );
  const failed = (err: unknown) => {
    const code = (err as { code?: unknown } | null)?.code;
    if (typeof code === 'string') span.setAttribute('db.response.status_code', code);
    // The message only: a PostgreSQL error's detail can quote the row's values.
    span.setStatus({
      code: api.SpanStatusCode.ERROR,
      message: err instanceof Error ? err.message : String(err),
    });
    span.end();
  };
  let result: T;
  try {
    result = run();
  } catch (err) {
    failed(err);
    throw err;
  }
  if (result instanceof Promise) {
    return result.then(
      (value) => {
        span.end();
        return value;
      },
      (err: unknown) => {
        failed(err);
        throw err;
      },
    ) as T;
  }
  span.end();
  return result;
}

/**
 * The statement as its text with `$n` placeholders, never the values: PGlite runs a prepared statement
 * as `EXECUTE name(values as literals)` (named-statement.ts), shown here as the text it was prepared from.
 */
function shownStatement(text: string): string {
  const executed = /^\s*execute\s+(s_[0-9a-f]+)/i.exec(text);
  if (executed?.[1]) return namedStatementText(executed[1]) ?? `execute ${executed[1]}`;
  return text.length > MAX_STATEMENT_CHARS ? text.slice(0, MAX_STATEMENT_CHARS) : text;
}

/** The span's name: the statement's first keyword (SELECT, INSERT, WITH…), as db.operation names it. */
function operationOf(statement: string): string {
  return /^\s*\(?\s*([a-z]+)/i.exec(statement)?.[1]?.toUpperCase() ?? 'SQL';
}

/** What a statement's first argument holds: a string, or pg's `{ text, values, name }`. */
function textOf(first: unknown): string | undefined {
  if (typeof first === 'string') return first;
  const text = (first as { text?: unknown; submit?: unknown } | null)?.text;
  // A Submittable (a cursor) reports its own progress: left alone.
  if (typeof (first as { submit?: unknown } | null)?.submit === 'function') return undefined;
  return typeof text === 'string' ? text : undefined;
}

interface PgliteLike {
  query: AnyFunction;
  exec?: AnyFunction;
  transaction: AnyFunction;
}

/** PGlite, in this thread or on its own (PgliteThread): the same three entry points. */
function tracePglite(client: PgliteLike, traced: Traced): void {
  wrapStatements(client, traced);
  const transaction = client.transaction.bind(client);
  client.transaction = (callback: AnyFunction, ...rest: unknown[]) =>
    transaction(
      (tx: PgliteLike) => {
        wrapStatements(tx, traced);
        return callback(tx);
      },
      ...rest,
    );
}

function wrapStatements(target: Pick<PgliteLike, 'query' | 'exec'>, traced: Traced): void {
  const query = target.query.bind(target);
  target.query = (text: string, ...rest: unknown[]) => traced(text, () => query(text, ...rest));
  if (typeof target.exec === 'function') {
    const exec = target.exec.bind(target);
    target.exec = (text: string, ...rest: unknown[]) => traced(text, () => exec(text, ...rest));
  }
}

/**
 * PostgreSQL: the pool's `query`, timed from the call (the wait for a free connection included), in the
 * caller's context; pg-pool may run the statement from another request's context when a connection
 * is released to it, so the span cannot start there. A client checked out with `connect()` (Drizzle's
 * transactions) is traced while its caller holds it; pool.query's own checkouts (with a callback) never.
 */
function tracePool(pool: pg.Pool, traced: Traced): void {
  const query = pool.query.bind(pool) as AnyFunction;
  (pool as { query: AnyFunction }).query = (...args: unknown[]) => {
    const text = textOf(args[0]);
    if (text === undefined || typeof args[args.length - 1] === 'function') return query(...args);
    return traced(text, () => query(...args));
  };
  const connect = pool.connect.bind(pool) as AnyFunction;
  (pool as { connect: AnyFunction }).connect = (...args: unknown[]) => {
    if (typeof args[0] === 'function') return connect(...args);
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      traceHeldClient(client, traced);
      return client;
    });
  };
}

type HeldClient = pg.PoolClient & { [HELD]?: boolean; [WRAPPED]?: boolean };

function traceHeldClient(client: HeldClient, traced: Traced): void {
  client[HELD] = true;
  // pg-pool gives the client a new release on each checkout.
  const release = client.release;
  client.release = (err?: Error | boolean) => {
    client[HELD] = false;
    return release(err);
  };
  if (client[WRAPPED]) return;
  client[WRAPPED] = true;
  const query = client.query.bind(client) as AnyFunction;
  (client as { query: AnyFunction }).query = (...args: unknown[]) => {
    const text = textOf(args[0]);
    if (!client[HELD] || text === undefined || typeof args[args.length - 1] === 'function') {
      return query(...args);
    }
    return traced(text, () => query(...args));
  };
}
