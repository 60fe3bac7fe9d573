import type { FastifyBaseLogger } from 'fastify';
import { Webhook } from 'standardwebhooks';
import type { Database } from '../../db/client.ts';
import {
  type ClaimedDelivery,
  claimDeliveries,
  type DeliveryOutcome,
  type RecordedAttempt,
  recordAttempts,
} from './delivery-queue.repository.ts';
import { BASE_DELAY_MS, retryDelayMs } from './retry-schedule.ts';
import { renderBody } from './webhook-body.ts';
import { createWebhookSender, type WebhookSender } from './webhook-sender.ts';

export interface DeliveryWorkerOptions {
  /** Whether receivers on private, loopback and link-local addresses may be reached (API settings). */
  allowInternal: () => Promise<boolean>;
  /** How long to wait for work when the queue was empty. */
  idleMs?: number;
  /** Deliveries claimed at once, and the most in flight from this instance. */
  batch?: number;
  maxInFlight?: number;
  leaseSeconds?: number;
  /** The first retry's delay (tests shorten it). */
  retryBaseMs?: number;
  /** How long attempts wait to be written together. */
  flushMs?: number;
}

export interface DeliveryWorker {
  /** Something was queued: look now rather than at the next idle tick. */
  wake(): void;
  stop(): Promise<void>;
}

function outcomeOf(statusCode: number | null, attempts: number, retryBaseMs: number): DeliveryOutcome {
  if (statusCode !== null && statusCode >= 200 && statusCode < 300) return { kind: 'delivered' };
  if (statusCode === 410) return { kind: 'gone' };
  return { kind: 'failed', retryInMs: retryDelayMs(attempts, retryBaseMs) };
}

/**
 * Delivers the webhook outbox from this instance, side by side with the workers of every other instance:
 * claims due deliveries, sends each one signed (Standard Webhooks), and writes the attempts in batches.
 * A send in flight when the instance dies is claimed again once its lease lapses, under the same
 * `webhook-id`, so a receiver can drop the repeat.
 */
export function startDeliveryWorker(
  db: Database,
  log: FastifyBaseLogger,
  {
    allowInternal,
    idleMs = 250,
    batch = 100,
    maxInFlight = 256,
    leaseSeconds = 30,
    retryBaseMs = BASE_DELAY_MS,
    flushMs = 50,
  }: DeliveryWorkerOptions,
  makeSender: (allowInternal: () => boolean) => WebhookSender = createWebhookSender,
): DeliveryWorker {
  // Read before each claim, so a change of the setting applies to the next sends.
  let internalAllowed = false;
  const sender = makeSender(() => internalAllowed);
  let stopped = false;
  let inFlight = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  let claiming: Promise<void> | null = null;
  const sends = new Set<Promise<void>>();
  let written: RecordedAttempt[] = [];
  let flushTimer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();

  const flush = () => {
    flushTimer = undefined;
    const batchToWrite = written;
    written = [];
    flushing = flushing
      .then(() => recordAttempts(db, batchToWrite))
      // Recorded attempts free their endpoints' in-flight slots: more may be claimed now.
      .then(() => wake())
      .catch((err) => log.warn({ err, deliveries: batchToWrite.length }, 'webhook attempts not recorded'));
    return flushing;
  };

  const deliver = async (delivery: ClaimedDelivery) => {
    const payload = renderBody(delivery.body, delivery.format);
    const sentAt = new Date();
    const signature = new Webhook(delivery.secret).sign(delivery.messageId, sentAt, payload);
    const result = await sender.send(
      delivery.url,
      {
        'webhook-id': delivery.messageId,
        'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        'webhook-signature': signature,
      },
      payload,
    );
    written.push({
      delivery,
      outcome: outcomeOf(result.statusCode, delivery.attempts, retryBaseMs),
      ...result,
    });
    if (written.length >= batch) void flush();
    else if (!flushTimer) {
      flushTimer = setTimeout(flush, flushMs);
      flushTimer.unref();
    }
  };

  const claimMore = async () => {
    internalAllowed = await allowInternal();
    while (!stopped) {
      const room = Math.min(batch, maxInFlight - inFlight);
      if (room <= 0) return;
      const claimed = await claimDeliveries(db, { batch: room, leaseSeconds });
      for (const delivery of claimed) {
        inFlight++;
        const send = deliver(delivery)
          .catch((err) => log.warn({ err }, 'webhook delivery failed'))
          .finally(() => {
            inFlight--;
            sends.delete(send);
          });
        sends.add(send);
      }
      if (claimed.length < room) return;
    }
  };

  /** A wake-up that came while a claim ran: claim again at once after it. */
  let wokenWhileClaiming = false;
  const schedule = (delayMs: number) => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(tick, delayMs);
    idleTimer.unref();
  };
  function tick() {
    idleTimer = undefined;
    if (stopped || claiming) return;
    claiming = claimMore()
      .catch((err) => log.warn({ err }, 'webhook claim failed'))
      .finally(() => {
        claiming = null;
        if (stopped) return;
        schedule(wokenWhileClaiming ? 0 : idleMs);
        wokenWhileClaiming = false;
      });
  }

  function wake() {
    if (stopped) return;
    if (claiming) wokenWhileClaiming = true;
    else schedule(0);
  }

  schedule(0);

  return {
    wake,
    async stop() {
      stopped = true;
      if (idleTimer) clearTimeout(idleTimer);
      await claiming;
      await Promise.allSettled([...sends]);
      if (flushTimer) clearTimeout(flushTimer);
      await flush();
      await flushing;
      await sender.close();
    },
  };
}
