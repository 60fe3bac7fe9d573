import { ALERT_RULE_IDS, WEBHOOK_DELIVERY_STATUSES, WEBHOOK_FORMATS } from '@switchboard/contract/webhooks';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { bigId, createdAt, oneOf, tstz, updatedAt } from './columns.ts';

/** Where events go: managed in the console by root or `webhooks:manage`. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().notNull(),
    format: text('format', { enum: WEBHOOK_FORMATS }).notNull().default('standard'),
    alertRules: text('alert_rules', { enum: ALERT_RULE_IDS }).array().notNull().default(sql`'{}'`),
    /** The Standard Webhooks secret (`whsec_…`); answered only when created or rotated. */
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    maxInFlight: smallint('max_in_flight').notNull().default(8),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    circuitOpenUntil: tstz('circuit_open_until'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('webhook_endpoints_format_check', oneOf(t.format, WEBHOOK_FORMATS)),
    check('webhook_endpoints_in_flight_check', sql`${t.maxInFlight} between 1 and 64`),
  ],
);

/**
 * The outbox: one row per event and subscribed endpoint, written in the transaction of the change it
 * reports. Workers on any instance claim rows (endpoints FOR UPDATE SKIP LOCKED), deliver, and record
 * the outcome; a claim whose instance died lapses at `claimed_until` and is claimed again.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigId(),
    /** The `webhook-id` header: the same on every attempt and replay. */
    messageId: text('message_id').notNull().unique(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    /** Deliveries with the same key reach an endpoint in order (`call:<id>`); null: no order. */
    orderingKey: text('ordering_key'),
    body: jsonb('body').notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    claimedUntil: tstz('claimed_until'),
    /** Retries stop here and the delivery is dead: 24 hours after it was written, or after a replay. */
    giveUpAt: tstz('give_up_at').notNull().default(sql`now() + interval '24 hours'`),
    createdAt: createdAt(),
    deliveredAt: tstz('delivered_at'),
  },
  (t) => [
    check('webhook_deliveries_status_check', oneOf(t.status, WEBHOOK_DELIVERY_STATUSES)),
    // The claim: an endpoint's deliveries still to go, oldest first.
    index('webhook_deliveries_open_idx')
      .on(t.endpointId, t.id)
      .where(sql`${t.status} in ('pending', 'delivering')`),
    // The ordering check: an earlier open delivery with the same key holds the later ones back.
    index('webhook_deliveries_order_idx')
      .on(t.endpointId, t.orderingKey, t.id)
      .where(sql`${t.status} in ('pending', 'delivering') and ${t.orderingKey} is not null`),
    // The delivery log, newest first.
    index('webhook_deliveries_log_idx').on(t.endpointId, t.id.desc()),
    // The dead letters: counted per endpoint, and replayed from a chosen time.
    index('webhook_deliveries_dead_idx').on(t.endpointId, t.createdAt).where(sql`${t.status} = 'dead'`),
  ],
);

/** Every attempt of a delivery: the delivery log. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigId(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: tstz('attempted_at').notNull().defaultNow(),
    statusCode: smallint('status_code'),
    latencyMs: integer('latency_ms').notNull(),
    response: text('response').notNull(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.id)],
);
