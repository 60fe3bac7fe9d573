import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, numeric, pgTable, real, text } from 'drizzle-orm/pg-core';
import { bigId, createdAt, tstz } from './columns.ts';
import { users } from './users.ts';

export const CALL_TYPES = ['voice', 'video', 'group'] as const;
export const CALL_STATUSES = ['ringing', 'active', 'ended', 'completed', 'failed', 'missed'] as const;

export const calls = pgTable(
  'calls',
  {
    id: bigId(),
    callerId: text('caller_id').references(() => users.id, { onDelete: 'set null' }),
    calleeId: text('callee_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type', { enum: CALL_TYPES }).notNull(),
    status: text('status', { enum: CALL_STATUSES }).notNull(),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    /** Seconds. */
    duration: integer('duration').notNull().default(0),
    /** 0 to 5; null until the call has quality samples. */
    quality: real('quality'),
    /** USD. */
    cost: numeric('cost', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    coinsUsed: integer('coins_used').notNull().default(0),
    endReason: text('end_reason'),
    startedAt: tstz('started_at').notNull(),
    endedAt: tstz('ended_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('calls_started_at_idx').on(t.startedAt.desc().nullsFirst()),
    index('calls_caller_idx').on(t.callerId, t.startedAt.desc().nullsFirst()),
    index('calls_callee_idx').on(t.calleeId, t.startedAt.desc().nullsFirst()),
    index('calls_status_idx').on(t.status, t.startedAt.desc().nullsFirst()),
    index('calls_live_idx').on(t.status).where(sql`${t.status} in ('ringing', 'active')`),
  ],
);

/** Periodic media-quality reports sent by clients during a call. */
export const callQualitySamples = pgTable(
  'call_quality_samples',
  {
    id: bigId(),
    callId: bigint('call_id', { mode: 'number' })
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    /** Mean opinion score, 1 to 5. */
    mos: real('mos').notNull(),
    jitterMs: real('jitter_ms').notNull(),
    packetLoss: real('packet_loss').notNull(),
    rttMs: real('rtt_ms').notNull(),
    bitrateKbps: integer('bitrate_kbps').notNull(),
    sampledAt: tstz('sampled_at').notNull(),
  },
  (t) => [index('call_quality_samples_call_idx').on(t.callId, t.sampledAt)],
);
