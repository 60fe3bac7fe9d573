import { CALL_QUALITY_FLAGS } from '@switchboard/contract/call-quality';
import { CALL_STATUS_VALUES, CALL_TYPE_VALUES } from '@switchboard/contract/calls';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
} from 'drizzle-orm/pg-core';
import { oneOf } from './checks.ts';
import { bigId, createdAt, tstz, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const CALL_TYPES = CALL_TYPE_VALUES;
/** New values go last: the demo generator stores statuses as indexes into this list. */
export const CALL_STATUSES = CALL_STATUS_VALUES;
export const CALL_SIDES = ['caller', 'callee'] as const;
export const MAX_CALL_SECONDS = 3600;

export const calls = pgTable(
  'calls',
  {
    id: bigId(),
    callerId: text('caller_id').references(() => users.id, { onDelete: 'restrict' }),
    calleeId: text('callee_id').references(() => users.id, { onDelete: 'restrict' }),
    /** The parties' names when the call was placed, so history reads the same after a rename or deletion. */
    callerUsername: text('caller_username'),
    calleeUsername: text('callee_username'),
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
    /** When the callee accepted; billing counts from here. Null for calls never answered (and seeded history). */
    answeredAt: tstz('answered_at'),
    endedAt: tstz('ended_at'),
    /**
     * When the server must act on a live call placed through the app: the ring time-out while ringing, the
     * length cap (or the caller's coins running out) while active. Null once it has ended, and on seeded rows.
     */
    dueAt: tstz('due_at'),
    /**
     * The named quality thresholds (CALL_QUALITY_FLAGS) one side's samples crossed during the call; each
     * crossing itself is a row of call_quality_crossings.
     */
    qualityFlags: text('quality_flags', { enum: CALL_QUALITY_FLAGS })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * While the call is live: the instance (app_instances.id) whose socket carries each side, null while
     * that side's server is gone and it has not re-attached. Not a foreign key: the id outlives its row,
     * which is how a survivor finds the calls of a crashed instance.
     */
    callerInstanceId: text('caller_instance_id'),
    calleeInstanceId: text('callee_instance_id'),
    /** The last moment each side was heard from (a step, signalling, a quality sample): a `server_lost` end bills to the later. */
    callerHeardAt: tstz('caller_heard_at'),
    calleeHeardAt: tstz('callee_heard_at'),
    /** Set while a side's server is gone: the call ends `server_lost` at this moment unless the side re-attaches. */
    reattachBy: tstz('reattach_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('calls_started_at_idx').on(t.startedAt.desc(), t.id.desc()),
    // The user page's calls walk these per user; the Calls search reads the names' trigram indexes below.
    index('calls_caller_idx').on(t.callerId, t.startedAt.desc(), t.id.desc()),
    index('calls_callee_idx').on(t.calleeId, t.startedAt.desc(), t.id.desc()),
    index('calls_caller_username_trgm').using('gin', sql`${t.callerUsername} gin_trgm_ops`),
    index('calls_callee_username_trgm').using('gin', sql`${t.calleeUsername} gin_trgm_ops`),
    index('calls_status_idx').on(t.status, t.startedAt.desc(), t.id.desc()),
    index('calls_type_idx').on(t.type, t.startedAt.desc(), t.id.desc()),
    index('calls_live_idx').on(t.status).where(sql`${t.status} in ('ringing', 'active')`),
    // The timers job reads the earliest due live calls; ended calls leave the index.
    index('calls_due_idx').on(t.dueAt).where(sql`${t.dueAt} is not null`),
    index('calls_reattach_by_idx').on(t.reattachBy).where(sql`${t.reattachBy} is not null`),
    // A survivor finds the live calls of a gone instance by these.
    index('calls_caller_instance_idx').on(t.callerInstanceId).where(sql`${t.callerInstanceId} is not null`),
    index('calls_callee_instance_idx').on(t.calleeInstanceId).where(sql`${t.calleeInstanceId} is not null`),
    // The Calls list's "poor quality" and per-flag filters walk only the flagged calls, newest first.
    index('calls_quality_flagged_idx')
      .on(t.startedAt.desc(), t.id.desc())
      .where(sql`${t.qualityFlags} <> '{}'::text[]`),
    check('calls_type_check', oneOf('type', CALL_TYPES)),
    check('calls_status_check', oneOf('status', CALL_STATUSES)),
    check('calls_quality_range', sql`quality between 0 and 5`),
    check(
      'calls_quality_flags_check',
      sql.raw(`quality_flags <@ array[${CALL_QUALITY_FLAGS.map((f) => `'${f}'`).join(', ')}]::text[]`),
    ),
    check('calls_duration_range', sql.raw(`duration between 0 and ${MAX_CALL_SECONDS}`)),
    check('calls_cost_nonnegative', sql`cost >= 0`),
    check('calls_coins_used_nonnegative', sql`coins_used >= 0`),
    check('calls_due_only_live', sql`due_at is null or status in ('ringing', 'active')`),
    check(
      'calls_answered_before_end',
      sql`answered_at is null or status not in ('ringing', 'missed', 'declined')`,
    ),
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
    /** Whose client sent the report. */
    side: text('side', { enum: CALL_SIDES }).notNull().default('caller'),
    /** Mean opinion score, 1 to 5. */
    mos: real('mos').notNull(),
    jitterMs: real('jitter_ms').notNull(),
    packetLoss: real('packet_loss').notNull(),
    rttMs: real('rtt_ms').notNull(),
    bitrateKbps: integer('bitrate_kbps').notNull(),
    /** The codec in use, as getStats() names it (`audio/opus`); null on seeded samples. */
    codec: text('codec'),
    sampledAt: tstz('sampled_at').notNull(),
  },
  (t) => [
    index('call_quality_samples_call_idx').on(t.callId, t.sampledAt),
    // Retention walks samples by age: a BRIN index is a few pages for an append-only table.
    index('call_quality_samples_sampled_at_brin').using('brin', t.sampledAt),
    check('call_quality_samples_side_check', oneOf('side', CALL_SIDES)),
    check('call_quality_samples_mos_range', sql`mos between 1 and 5`),
    check(
      'call_quality_samples_metrics_nonnegative',
      sql`jitter_ms >= 0 and packet_loss >= 0 and rtt_ms >= 0 and bitrate_kbps >= 0`,
    ),
  ],
);

/**
 * Calls per UTC day, type and status, kept by a statement-level trigger on calls (insert, update,
 * delete), so call statistics and the 30-day chart read a few hundred rows instead of scanning calls.
 */
export const callDailyStats = pgTable(
  'call_daily_stats',
  {
    day: date('day', { mode: 'string' }).notNull(),
    type: text('type', { enum: CALL_TYPES }).notNull(),
    status: text('status', { enum: CALL_STATUSES }).notNull(),
    callCount: bigint('call_count', { mode: 'number' }).notNull().default(0),
    totalDuration: bigint('total_duration', { mode: 'number' }).notNull().default(0),
    /** USD. */
    revenue: numeric('revenue', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    coinsUsed: bigint('coins_used', { mode: 'number' }).notNull().default(0),
    qualitySum: doublePrecision('quality_sum').notNull().default(0),
    qualityCount: bigint('quality_count', { mode: 'number' }).notNull().default(0),
    /** Rated calls with quality below 3 of 5. */
    poorQualityCount: bigint('poor_quality_count', { mode: 'number' }).notNull().default(0),
    /** Calls carrying at least one quality flag (the Calls list's "poor quality"). */
    flaggedCount: bigint('flagged_count', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.day, t.type, t.status] })],
);

/**
 * call_daily_stats without the day: one row per type and status, kept by the same statement trigger,
 * so the all-time Call statistics read a few rows instead of summing a rollup row per day.
 */
export const callTotals = pgTable(
  'call_totals',
  {
    type: text('type', { enum: CALL_TYPES }).notNull(),
    status: text('status', { enum: CALL_STATUSES }).notNull(),
    callCount: bigint('call_count', { mode: 'number' }).notNull().default(0),
    totalDuration: bigint('total_duration', { mode: 'number' }).notNull().default(0),
    /** USD. */
    revenue: numeric('revenue', { precision: 16, scale: 2, mode: 'number' }).notNull().default(0),
    coinsUsed: bigint('coins_used', { mode: 'number' }).notNull().default(0),
    qualitySum: doublePrecision('quality_sum').notNull().default(0),
    qualityCount: bigint('quality_count', { mode: 'number' }).notNull().default(0),
    /** Calls carrying at least one quality flag. */
    flaggedCount: bigint('flagged_count', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.type, t.status] })],
);

/**
 * Quality samples older than the retention setting, folded into one row per call and side before they are
 * deleted, so a call keeps its figures after its samples are gone.
 */
export const callQualityRollups = pgTable(
  'call_quality_rollups',
  {
    callId: bigint('call_id', { mode: 'number' })
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    side: text('side', { enum: CALL_SIDES }).notNull(),
    sampleCount: integer('sample_count').notNull(),
    mosSum: doublePrecision('mos_sum').notNull(),
    rttMsSum: doublePrecision('rtt_ms_sum').notNull(),
    jitterMsSum: doublePrecision('jitter_ms_sum').notNull(),
    packetLossSum: doublePrecision('packet_loss_sum').notNull(),
    bitrateKbpsSum: doublePrecision('bitrate_kbps_sum').notNull(),
    minMos: real('min_mos').notNull(),
    firstSampledAt: tstz('first_sampled_at').notNull(),
    lastSampledAt: tstz('last_sampled_at').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.callId, t.side] }),
    check('call_quality_rollups_side_check', oneOf('side', CALL_SIDES)),
    check('call_quality_rollups_count_positive', sql`sample_count > 0`),
  ],
);

/**
 * Each moment one side of a call crossed a named quality threshold, with the value that crossed it (the
 * RTT or jitter in ms, the averaged loss in percent, the MOS), for the call's details and a later timeline.
 * Written once per crossing, never per sample.
 */
export const callQualityCrossings = pgTable(
  'call_quality_crossings',
  {
    id: bigId(),
    callId: bigint('call_id', { mode: 'number' })
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    side: text('side', { enum: CALL_SIDES }).notNull(),
    flag: text('flag', { enum: CALL_QUALITY_FLAGS }).notNull(),
    value: real('value').notNull(),
    crossedAt: tstz('crossed_at').notNull(),
  },
  (t) => [
    index('call_quality_crossings_call_idx').on(t.callId, t.crossedAt),
    check('call_quality_crossings_side_check', oneOf('side', CALL_SIDES)),
    check('call_quality_crossings_flag_check', oneOf('flag', CALL_QUALITY_FLAGS)),
  ],
);
