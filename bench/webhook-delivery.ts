// `npm run bench:webhooks`: how fast the webhook outbox reaches a receiver on 127.0.0.1.
// 1. Steady: events written at BENCH_WEBHOOK_RATE a second (default 1,000), each in its own transaction as
//    a real change writes it, for BENCH_SECONDS (default 20): delivery latency from the write to the
//    receiver, p50/p95/p99, and how many arrived.
// 2. Backlog: the receiver is down while BENCH_WEBHOOK_BACKLOG events (default 60,000: ten minutes at 100
//    a second) pile up, then comes back: the drain rate, events a second.
// On a fresh PGlite in a temporary directory, or BENCH_DATABASE_URL=postgres://… (a new database there).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { type DatabaseHandle, openDatabase } from '../server/src/db/client.ts';
import { runMigrations } from '../server/src/db/migrate.ts';
import { enqueueWebhookEvent } from '../server/src/modules/webhook-outbox/webhook-outbox.ts';
import { startDeliveryWorker } from '../server/src/modules/webhooks/delivery-worker.ts';
import { startWebhookReceiver } from '../server/src/modules/webhooks/testing/webhook-receiver.ts';

const RATE = Number(process.env.BENCH_WEBHOOK_RATE ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const BACKLOG = Number(process.env.BENCH_WEBHOOK_BACKLOG ?? 60_000);
const log = pino({ level: 'warn' });

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number);

async function openBenchDatabase(): Promise<{
  handle: DatabaseHandle;
  where: string;
  drop(): Promise<void>;
}> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    const dir = mkdtempSync(join(tmpdir(), 'switchboard-bench-webhooks-'));
    const handle = await openDatabase({ kind: 'pglite', dataDir: dir });
    return { handle, where: 'PGlite', drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `switchboard_bench_webhooks_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: target.toString() });
  return {
    handle,
    where: 'PostgreSQL',
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function main() {
  const { handle, where, drop } = await openBenchDatabase();
  await runMigrations(handle);
  const { db } = handle;
  const receiver = await startWebhookReceiver();
  const arrivedAt = new Map<string, number>();
  const sentAt = new Map<string, number>();
  let up = true;
  receiver.answerWith(() => (up ? 200 : 503));
  await db.execute(sql`insert into webhook_endpoints (url, events, secret, max_in_flight)
    values (${receiver.url}, '{security.event}', ${`whsec_${randomBytes(32).toString('base64')}`}, 64)`);
  const worker = startDeliveryWorker(db, log, { allowInternal: async () => true });
  let scanned = 0;
  const seen = () => {
    for (const r of receiver.received.slice(scanned))
      if (r.status === 200 && !arrivedAt.has(r.body)) arrivedAt.set(r.body, Date.now());
    scanned = receiver.received.length;
  };
  const tick = setInterval(seen, 5);

  // 1. Steady rate.
  const started = Date.now();
  let written = 0;
  while (Date.now() - started < SECONDS * 1000) {
    const due = Math.floor(((Date.now() - started) / 1000) * RATE);
    const batch: Promise<void>[] = [];
    for (; written < due; written++) {
      const n = written;
      batch.push(
        db
          .transaction(async (tx) => {
            await enqueueWebhookEvent(tx, { type: 'security.event', data: { n } });
          })
          .then(() => {
            sentAt.set(`${n}`, Date.now());
          }),
      );
    }
    await Promise.all(batch);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const deadline = Date.now() + 30_000;
  while (arrivedAt.size < written && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const latencies = [...arrivedAt.entries()]
    .map(([body, at]) => {
      const n = (JSON.parse(body) as { data: { n: number } }).data.n;
      return at - (sentAt.get(`${n}`) ?? at);
    })
    .sort((a, b) => a - b);
  const steadyLoad = loadavg()[0]?.toFixed(1);

  // 2. Backlog.
  up = false;
  const backlogBase = written;
  for (let i = 0; i < BACKLOG; i += 500)
    await db.transaction(async (tx) => {
      for (let j = i; j < Math.min(BACKLOG, i + 500); j++)
        await enqueueWebhookEvent(tx, { type: 'security.event', data: { n: backlogBase + j } });
    });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await db.execute(sql`update webhook_deliveries set next_attempt_at = now() where status = 'pending'`);
  await db.execute(sql`update webhook_endpoints set consecutive_failures = 0, circuit_open_until = null`);
  const before = arrivedAt.size;
  up = true;
  const drainStart = Date.now();
  const drainDeadline = drainStart + 600_000;
  while (arrivedAt.size < before + BACKLOG && Date.now() < drainDeadline)
    await new Promise((r) => setTimeout(r, 100));
  const drainSeconds = (Date.now() - drainStart) / 1000;
  const drained = arrivedAt.size - before;

  clearInterval(tick);
  await worker.stop();
  await receiver.close();
  await handle.close();
  await drop();
  console.log(`webhooks on ${where}, Node ${process.version}`);
  console.log(
    `steady ${RATE}/s for ${SECONDS}s: ${arrivedAt.size >= written ? written : arrivedAt.size}/${written} delivered, ` +
      `latency p50 ${percentile(latencies, 50)} ms, p95 ${percentile(latencies, 95)} ms, p99 ${percentile(latencies, 99)} ms (load ${steadyLoad})`,
  );
  console.log(
    `backlog of ${BACKLOG}: ${drained} drained in ${drainSeconds.toFixed(1)} s = ${Math.round(drained / drainSeconds)}/s (load ${loadavg()[0]?.toFixed(1)})`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
