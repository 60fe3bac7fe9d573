import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { SETTINGS_DEFAULTS } from '@switchboard/contract/settings';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { PgliteThread } from '../db/pglite-thread/pglite-thread.ts';
import { systemLogs } from '../db/schema/system.ts';
import { seedDemoData } from '../demo/seed-demo-data.ts';
import { createSystemLogStream, type SystemLogStream } from '../modules/system-logs/system-log-stream.ts';
import { type FuzzCase, fuzzCases } from '../testing/fuzz/fuzz-case.ts';
import { FuzzTally } from '../testing/fuzz/fuzz-tally.ts';
import { label, type Operation, operationsOf } from '../testing/fuzz/openapi-operations.ts';
import { badAnswer } from '../testing/fuzz/response-check.ts';
import { changedTables, type Fingerprint, writeWatch } from '../testing/fuzz/write-watch.ts';
import { createTestApp, insertUser, type TestApp } from '../testing/test-app.ts';

/**
 * Issue #27: every operation of the OpenAPI document, with generated hostile input, answers a 4xx with
 * a message (or a success: some hostile text is valid text), never a 5xx, never a stack trace or SQL,
 * and a refused request writes nothing. The fast profile runs in `npm test`; `npm run fuzz` runs
 * FUZZ_PROFILE=full, FUZZ_RUNS (10,000) cases per operation. FUZZ_SEED replays a run.
 *
 * The full profile spreads the operations over FUZZ_SHARDS (2) copies of the server, each on a
 * database of its own (its own PGlite thread, or its own PostgreSQL database under the postgres
 * project): one copy's JavaScript runs while the other's database works. Within a copy the cases
 * go one at a time, so a write is still traced to the one request that made it.
 */
const full = process.env.FUZZ_PROFILE === 'full';
const runsPerOperation = Number(process.env.FUZZ_RUNS ?? (full ? 10_000 : 6));
const shardCount = Math.max(1, Number(process.env.FUZZ_SHARDS ?? (full ? 2 : 1)));
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;
const only = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : null;

let nextAddress = 0;
let restorers = 0;
/** Each request from its own address: the per-address limits would otherwise answer 429 to most of the run. */
const freshAddress = () => {
  nextAddress += 1;
  return `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress & 255}`;
};

/**
 * The defaults, but an admin budget the fuzzer never spends: at its default (600 a minute per admin)
 * nearly every case past the first minute would be a 429 from the budget, sent back before the
 * route's validation and handler ever saw the hostile input.
 */
const FUZZ_SETTINGS = {
  ...SETTINGS_DEFAULTS,
  security_policies: { ...SETTINGS_DEFAULTS.security_policies, admin_requests_per_minute: 1_000_000 },
};

async function putFuzzSettings(t: TestApp): Promise<void> {
  const restored = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/admin/settings',
    // An admin of its own: the fuzzed settings may have left the first one's request budget spent.
    headers: await t.authHeader(
      await insertUser(t.db, { username: `fuzz-restorer-${++restorers}`, isRootAdmin: true }),
    ),
    remoteAddress: freshAddress(),
    payload: FUZZ_SETTINGS,
  });
  expect(restored.statusCode, restored.body).toBe(200);
}

/**
 * The fuzz is about what the routes do with hostile input, not how a backup is made (the backup tests
 * are): a real backup of a shard's database takes ~2.5 s, so POST /database/backup's 10,000 cases alone
 * would run for hours. Its backups are a few bytes, written where the real one would be.
 */
function writeTokenBackups(database: DatabaseHandle): void {
  const { pglite } = database;
  if (!(pglite instanceof PgliteThread)) return;
  pglite.writeBackup = async (path) => {
    await writeFile(path, 'fuzz', { mode: 0o600 });
    return { bytes: 4, pauseMs: 0 };
  };
}

/** One copy of the server on a database of its own, signed in as a root admin. */
interface Shard {
  t: TestApp;
  logStream: SystemLogStream;
  authorization: () => Promise<string>;
  watch: () => Promise<Fingerprint>;
}

async function openShard(): Promise<Shard> {
  const { openTestDatabase } = await import('../testing/test-database.ts');
  const database = await openTestDatabase();
  writeTokenBackups(database);
  const logStream = createSystemLogStream(database.db, { write: () => undefined });
  const t = await createTestApp({ logLevel: 'info' }, database, {
    logger: { level: 'info', stream: logStream },
  });
  await seedDemoData(t.db, { scale: 'test' });
  const root = await insertUser(t.db, { username: 'fuzz-root', password: 'Fuzz!pass-1', isRootAdmin: true });
  await putFuzzSettings(t);
  const watch = await writeWatch(t.db);
  return { t, logStream, authorization: async () => (await t.authHeader(root)).authorization, watch };
}

/** Fuzzes one operation on one shard: FUZZ_RUNS cases, one at a time; the problems go to the tally. */
async function fuzzOperation({ t, authorization, watch }: Shard, op: Operation, tally: FuzzTally) {
  // A fresh session per operation: one operation's hostile logout must not sign the next one out.
  const token = await authorization();
  let last = await watch();
  let succeeded = 0;
  const send = async (c: FuzzCase) => {
    const res = await t.app.inject({
      method: c.method as 'GET',
      url: c.url,
      headers: { authorization: token, ...c.headers },
      remoteAddress: freshAddress(),
      ...(c.payload === undefined ? {} : { payload: c.payload }),
    });
    tally.answered(label(op), res.statusCode);
    const problem = badAnswer(res.statusCode, res.body, res.headers['content-type'] as string | undefined);
    if (res.statusCode < 400) succeeded += 1;
    // A read is checked once for the whole operation (below).
    let written: string[] = [];
    if (op.method !== 'GET') {
      const now = await watch();
      written = res.statusCode >= 400 ? changedTables(last, now) : [];
      last = now;
    }
    if (problem) throw new Error(`${c.kind}: ${problem}`);
    if (written.length > 0)
      throw new Error(`${c.kind}: answered ${res.statusCode} but wrote to ${written.join(', ')}`);
  };
  try {
    await fc.assert(fc.asyncProperty(fuzzCases(op), send), {
      numRuns: runsPerOperation,
      seed,
      endOnFailure: !full,
      includeErrorInReport: true,
    });
  } catch (error) {
    tally.failed(`${label(op)}: ${(error as Error).message.slice(0, 1500)}`);
  }
  if (succeeded > 0 && op.method !== 'GET' && op.path.includes('settings')) {
    // Hostile text can be a valid setting: maintenance mode on, or an allow-list without this
    // client, would turn the operations after this one into deliberate 503s and 403s.
    await putFuzzSettings(t);
  }
  if (op.method === 'GET') {
    const written = succeeded === 0 ? changedTables(last, await watch()) : [];
    if (written.length > 0)
      tally.failed(`${label(op)}: refused every case but wrote to ${written.join(', ')}`);
  }
}

/** The log sink still takes lines after all that (finding 11: one poison line once stopped it). */
async function sinkStillStores({ t, logStream }: Shard): Promise<boolean> {
  const sentinel = `fuzz sentinel ${randomUUID()}`;
  t.app.log.error(sentinel);
  let stored = 0;
  // A flush already under way returns before the sentinel's turn: give the sink a few tries.
  for (let i = 0; i < 10 && stored === 0; i++) {
    await logStream.flush();
    stored = (await t.db.select().from(systemLogs).where(eq(systemLogs.message, sentinel))).length;
    if (stored === 0) await new Promise((r) => setTimeout(r, 200));
  }
  return stored === 1;
}

describe('fuzzing every operation of the OpenAPI document', () => {
  let shards: Shard[] = [];
  let operations: Operation[];

  beforeAll(async () => {
    shards = await Promise.all(Array.from({ length: shardCount }, openShard));
    const first = shards[0] as Shard;
    operations = operationsOf(first.t.app.swagger()).filter((op) => !only || only.test(label(op)));
  }, 300_000);
  afterAll(async () => {
    await Promise.all(shards.map((s) => s.t.close()));
  });

  it(
    'answers every hostile request with a 4xx and a message, never a 5xx, a leak or a half-write',
    async () => {
      expect(operations.length).toBeGreaterThan(only ? 0 : 100);
      // The full profile runs for a while: a line per finished operation shows how far it is.
      const tally = new FuzzTally(runsPerOperation, seed, full ? (line) => console.log(line) : undefined);
      // Each shard takes the next operation still waiting when it finishes one.
      const waiting = [...operations];
      await Promise.all(
        shards.map(async (shard) => {
          for (let op = waiting.shift(); op; op = waiting.shift()) {
            await fuzzOperation(shard, op, tally);
            tally.operationDone(label(op), operations.length);
          }
          if (!(await sinkStillStores(shard))) tally.failed('the system-log sink stopped storing lines');
        }),
      );
      const labels = operations.map(label);
      console.log(tally.summary(labels, shards.length));
      expect(tally.failures).toEqual([]);
      expect(tally.fewestSent(labels)).toBeGreaterThanOrEqual(runsPerOperation);
    },
    full ? 24 * 3600_000 : 600_000,
  );
});
