// The fuzz stage of `npm run attack` (issue #46, finding 13): every operation of the running server's
// OpenAPI document gets hostile path parameters (ids), query values and JSON bodies built from the
// contract's declared schemas (server/src/testing/fuzz, the generator of the in-process fuzz test),
// sent over HTTP as the caller the endpoint is for: a root admin for admin and root endpoints, an app
// user's token for the app API (`access: 'user'`, e.g. /users/*, /coins/*, /app/ping). Every admin
// endpoint is also sent a plausible request with the app token, which must be refused (401 or 403).
// No answer may be a 5xx, a 4xx without a message, a stack trace, database text or a secret of the run.
import { request } from 'node:http';
import { namedEndpoints } from '@switchboard/contract/api-catalog';
import type { EndpointAccess as Access } from '@switchboard/contract/endpoint';
import fc from 'fast-check';
import { type FuzzCase, fuzzCases } from '../server/src/testing/fuzz/fuzz-case.ts';
import { label, type Operation, operationsOf } from '../server/src/testing/fuzz/openapi-operations.ts';
import { badAnswer } from '../server/src/testing/fuzz/response-check.ts';

export interface FuzzTarget {
  host: string;
  port: number;
  /** What no answer may contain: the run's JWT secret, its data directory. */
  secrets: string[];
  /** A root admin's token (signs in again when an operation ended its session). */
  rootToken(): Promise<string>;
  /** An app user's token, likewise. */
  appToken(): Promise<string>;
  /** Puts the run's settings back after an operation that may have changed them. */
  restoreSettings(): Promise<void>;
  /** Signs in again whichever of the two sessions an operation ended. */
  checkSessions(): Promise<void>;
}

export interface FuzzResult {
  operations: number;
  appOperations: number;
  requests: number;
  failures: string[];
  statuses: Record<string, number>;
}

interface Answer {
  status: number;
  body: string;
  contentType: string | undefined;
}

let nextAddress = 1;
/**
 * Each request from another loopback address (127.0.0.2 to 127.0.0.250): the per-address limits and
 * the blocks a hostile request may add would otherwise turn the rest of the run into 429s and 403s.
 */
const sourceAddress = () => `127.0.0.${(nextAddress++ % 249) + 2}`;

function send(target: FuzzTarget, c: FuzzCase, token: string | null): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...c.headers };
    if (token) headers.authorization = `Bearer ${token}`;
    if (c.payload !== undefined) headers['content-length'] = Buffer.byteLength(c.payload);
    const req = request(
      {
        host: target.host,
        port: target.port,
        method: c.method,
        path: c.url,
        headers,
        localAddress: sourceAddress(),
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            contentType: res.headers['content-type'],
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer in 30 s')));
    req.on('error', reject);
    req.end(c.payload);
  });
}

/** `GET /api/v1/users/{id}` → the contract's access for it. */
export function accessByOperation(prefix: string): Map<string, Access> {
  const access = new Map<string, Access>();
  for (const { endpoint } of namedEndpoints()) {
    const path = `${prefix}${endpoint.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`;
    access.set(`${endpoint.method} ${path}`, endpoint.access);
  }
  return access;
}

/** Runs `work` over the items, `width` at a time. */
async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  const waiting = [...items];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let item = waiting.shift(); item !== undefined; item = waiting.shift()) await work(item);
    }),
  );
}

export async function fuzzApi(
  target: FuzzTarget,
  openapi: unknown,
  options: { casesPerOperation: number; seed: number; only: RegExp | null; width: number },
): Promise<FuzzResult> {
  const access = accessByOperation('/api/v1');
  const operations = operationsOf(openapi).filter((op) => !options.only || options.only.test(label(op)));
  const result: FuzzResult = {
    operations: operations.length,
    appOperations: 0,
    requests: 0,
    failures: [],
    statuses: {},
  };
  const judge = (op: Operation, c: FuzzCase, who: string, answer: Answer) => {
    result.requests += 1;
    const bucket = `${Math.floor(answer.status / 100)}xx`;
    result.statuses[bucket] = (result.statuses[bucket] ?? 0) + 1;
    // Readiness answers 503 by design while the database does not answer in time (or the instance drains).
    const notReady = op.path === '/api/v1/health/ready' && answer.status === 503;
    let problem = notReady ? null : badAnswer(answer.status, answer.body, answer.contentType);
    const leaked = target.secrets.find((secret) => answer.body.includes(secret));
    if (!problem && leaked) problem = `shows a secret of the run: ${answer.body.slice(0, 200)}`;
    if (problem)
      result.failures.push(`${label(op)} as ${who}, ${c.kind} (${c.url.slice(0, 200)}): ${problem}`);
  };

  // Settings operations first and one at a time: a hostile but valid setting (maintenance on, an
  // allow-list) must be put back before anything else runs.
  const isSettings = (op: Operation) => op.method !== 'GET' && /settings|blocked-ips|allow/.test(op.path);
  const serial = operations.filter(isSettings);
  const parallel = operations.filter((op) => !isSettings(op));

  const fuzzOne = async (op: Operation) => {
    // Not in the contract (/config.json, the API documents): served to anyone.
    const kind = access.get(label(op)) ?? 'public';
    const forApp = kind === 'user';
    if (forApp) result.appOperations += 1;
    const who = forApp ? 'an app user' : kind === 'public' ? 'anyone' : 'root';
    const cases = fc.sample(fuzzCases(op), { numRuns: options.casesPerOperation, seed: options.seed });
    for (const c of cases) {
      const token = forApp ? await target.appToken() : kind === 'public' ? null : await target.rootToken();
      try {
        judge(op, c, who, await send(target, c, token));
      } catch (error) {
        result.failures.push(`${label(op)} as ${who}, ${c.kind}: ${(error as Error).message}`);
      }
    }
    // Least privilege: an app user's token opens no admin or root endpoint.
    if (kind === 'admin' || kind === 'root') {
      // The guard answers before the body is read: a bare request with each id set to 1 will do.
      const bare: FuzzCase = {
        kind: 'app token',
        method: op.method,
        url: op.path.replace(/\{[^}]+\}/g, '1'),
        headers: {},
      };
      const answer = await send(target, bare, await target.appToken()).catch(() => null);
      result.requests += 1;
      if (answer && answer.status !== 401 && answer.status !== 403)
        result.failures.push(`${label(op)} answered ${answer.status} to an app user's token`);
    }
    if (isSettings(op)) await target.restoreSettings();
    // A hostile request may have ended a session (a logout, a revoke): the next operation gets a live one.
    await target.checkSessions();
  };

  await inParallel(serial, 1, fuzzOne);
  await inParallel(parallel, options.width, fuzzOne);
  return result;
}
