import {
  CALL_SIDE_VALUES,
  CALL_VERDICTS,
  CANDIDATE_TYPES,
  PATH_TRANSPORTS,
  STORED_SETUP_STEPS,
} from '@switchboard/contract/call-inspector';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, real, text } from 'drizzle-orm/pg-core';
import { calls } from './calls.ts';
import { oneOf } from './checks.ts';
import { tstz } from './columns.ts';

/**
 * The setup funnel of the calls placed through `/app`: when each step happened, on which side. The server
 * writes the steps it relays (invite, answer, offer, answer SDP); the apps report the rest (`call_setup_report`).
 * A step is kept once per side, at its earliest moment.
 */
export const callSetupSteps = pgTable(
  'call_setup_steps',
  {
    callId: bigint('call_id', { mode: 'number' })
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    step: text('step', { enum: STORED_SETUP_STEPS }).notNull(),
    side: text('side', { enum: CALL_SIDE_VALUES }).notNull(),
    at: tstz('at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.callId, t.step, t.side] }),
    // The hourly percentiles and the judge walk the invites by time.
    index('call_setup_steps_step_at_idx').on(t.step, t.at),
    check('call_setup_steps_step_check', oneOf('step', STORED_SETUP_STEPS)),
    check('call_setup_steps_side_check', oneOf('side', CALL_SIDE_VALUES)),
  ],
);

/** Each side's selected candidate pair once ICE connected, from its getStats(): stored once per call side. */
export const callNetworkPaths = pgTable(
  'call_network_paths',
  {
    callId: bigint('call_id', { mode: 'number' })
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    side: text('side', { enum: CALL_SIDE_VALUES }).notNull(),
    localCandidateType: text('local_candidate_type', { enum: CANDIDATE_TYPES }).notNull(),
    remoteCandidateType: text('remote_candidate_type', { enum: CANDIDATE_TYPES }).notNull(),
    transport: text('transport', { enum: PATH_TRANSPORTS }).notNull(),
    relayServer: text('relay_server'),
    rttMs: real('rtt_ms'),
    reportedAt: tstz('reported_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.callId, t.side] }),
    check('call_network_paths_side_check', oneOf('side', CALL_SIDE_VALUES)),
    check('call_network_paths_local_type_check', oneOf('local_candidate_type', CANDIDATE_TYPES)),
    check('call_network_paths_remote_type_check', oneOf('remote_candidate_type', CANDIDATE_TYPES)),
    check('call_network_paths_transport_check', oneOf('transport', PATH_TRANSPORTS)),
    check('call_network_paths_rtt_nonnegative', sql`rtt_ms is null or rtt_ms >= 0`),
  ],
);

/**
 * The verdict on each judged call placed through `/app` (a row per call, once it ended): null for a call
 * that went well. `started_at` is the call's, so the Calls filter and the dashboard's last 24 hours walk
 * one index.
 */
export const callVerdicts = pgTable(
  'call_verdicts',
  {
    callId: bigint('call_id', { mode: 'number' })
      .primaryKey()
      .references(() => calls.id, { onDelete: 'cascade' }),
    verdict: text('verdict', { enum: CALL_VERDICTS }),
    summary: text('summary'),
    /** The facts the verdict rests on, one sentence each. */
    evidence: jsonb('evidence').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Milliseconds from the answer to the first media (or ICE connected), when the call got that far. */
    setupMs: integer('setup_ms'),
    startedAt: tstz('started_at').notNull(),
    judgedAt: tstz('judged_at').notNull(),
  },
  (t) => [
    index('call_verdicts_verdict_idx')
      .on(t.verdict, t.startedAt.desc(), t.callId.desc())
      .where(sql`${t.verdict} is not null`),
    index('call_verdicts_started_at_idx').on(t.startedAt),
    // A null verdict passes: `in` over null is null, not false.
    check('call_verdicts_verdict_check', oneOf('verdict', CALL_VERDICTS)),
  ],
);
