import type {
  CallQualityCrossing,
  CallQualityFlag,
  CallQualitySample,
} from '@switchboard/contract/call-quality';
import type { CallRow } from '@switchboard/contract/calls';
import { asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { callQualityCrossings, callQualitySamples, calls } from '../../db/schema/calls.ts';
import { type CallRecord, recordToRow } from './call-row.ts';

export const LIVE_STATUSES = ['ringing', 'active'] as const;

export async function liveCalls(db: Executor): Promise<CallRow[]> {
  const rows = await db
    .select()
    .from(calls)
    .where(inArray(calls.status, [...LIVE_STATUSES]))
    .orderBy(sql`${calls.startedAt} desc nulls last`, sql`${calls.id} desc nulls last`);
  return rows.map(recordToRow);
}

export async function callById(db: Executor, id: number): Promise<CallRow | undefined> {
  const [row] = await db.select().from(calls).where(eq(calls.id, id));
  return row && recordToRow(row);
}

/** The stored records of these calls (the live ones on a page: a few). */
export async function callRecords(db: Executor, ids: readonly number[]): Promise<CallRecord[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(calls)
    .where(inArray(calls.id, [...ids]));
}

/** Each call's newest quality sample's MOS (either side), over the (call_id, sampled_at) index. */
export async function latestMos(db: Executor, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([callQualitySamples.callId], {
      callId: callQualitySamples.callId,
      mos: callQualitySamples.mos,
    })
    .from(callQualitySamples)
    .where(inArray(callQualitySamples.callId, [...ids]))
    .orderBy(callQualitySamples.callId, desc(callQualitySamples.sampledAt), desc(callQualitySamples.id));
  return new Map(rows.map((r) => [r.callId, r.mos]));
}

export async function lockCall(tx: Executor, id: number): Promise<CallRecord | undefined> {
  const [row] = await tx.select().from(calls).where(eq(calls.id, id)).for('update');
  return row;
}

export async function updateCall(
  tx: Executor,
  id: number,
  change: Partial<
    Pick<
      CallRecord,
      | 'status'
      | 'duration'
      | 'quality'
      | 'cost'
      | 'coinsUsed'
      | 'endReason'
      | 'endedAt'
      | 'answeredAt'
      | 'dueAt'
      | 'callerInstanceId'
      | 'calleeInstanceId'
      | 'callerHeardAt'
      | 'calleeHeardAt'
      | 'reattachBy'
    >
  >,
): Promise<CallRecord> {
  const [row] = await tx.update(calls).set(change).where(eq(calls.id, id)).returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

export async function callExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: calls.id }).from(calls).where(eq(calls.id, id));
  return row !== undefined;
}

export async function qualitySamples(db: Executor, callId: number): Promise<CallQualitySample[]> {
  const rows = await db
    .select()
    .from(callQualitySamples)
    .where(eq(callQualitySamples.callId, callId))
    .orderBy(asc(callQualitySamples.sampledAt), asc(callQualitySamples.id));
  return rows.map((s) => ({
    side: s.side,
    sampled_at: s.sampledAt.toISOString(),
    mos: s.mos,
    jitter_ms: s.jitterMs,
    packet_loss: s.packetLoss,
    rtt_ms: s.rttMs,
    bitrate_kbps: s.bitrateKbps,
  }));
}

export async function qualityCrossings(db: Executor, callId: number): Promise<CallQualityCrossing[]> {
  const rows = await db
    .select()
    .from(callQualityCrossings)
    .where(eq(callQualityCrossings.callId, callId))
    .orderBy(asc(callQualityCrossings.crossedAt), asc(callQualityCrossings.id));
  return rows.map((c) => ({
    side: c.side,
    flag: c.flag,
    crossed_at: c.crossedAt.toISOString(),
    value: c.value,
  }));
}

export interface NewCrossing {
  callId: number;
  side: 'caller' | 'callee';
  flag: CallQualityFlag;
  value: number;
  crossedAt: Date;
}

/**
 * Stores the crossings of one side of one call and adds their flags to the call, in one statement: the
 * calls row is rewritten only when a flag is new to it, so a flag crossed again (or by the other side)
 * does not touch the rollups' trigger.
 */
export async function recordCrossings(db: Executor, crossings: readonly NewCrossing[]): Promise<void> {
  const first = crossings[0];
  if (!first) return;
  const flags = [...new Set(crossings.map((c) => c.flag))];
  await db.execute(sql`with added as (
      insert into call_quality_crossings (call_id, side, flag, value, crossed_at)
      values ${sql.join(
        crossings.map(
          (c) =>
            sql`(${c.callId}::bigint, ${c.side}, ${c.flag}, ${c.value}::real, ${c.crossedAt.toISOString()}::timestamptz)`,
        ),
        sql`, `,
      )}
      returning 1)
    update calls set quality_flags = array(
        select distinct f from unnest(quality_flags || ${sql.param(flags)}::text[]) f order by f)
      where id = ${first.callId} and not (quality_flags @> ${sql.param(flags)}::text[])`);
}

/** How many calls a user made or received, as a scalar subquery over the caller and callee indexes. */
export const callCountOfSql = (userId: SQL) =>
  sql`(select count(*) from calls c where c.caller_id = ${userId}) + (select count(*) from calls c where c.callee_id = ${userId})`;

/** The latest calls (calls_started_at_idx), as a subquery of the columns the Database screen's sample shows. */
export const latestCallsSql = (limit: number) => sql`select id::text as id, caller_username as caller,
    callee_username as callee, type, status, duration, coins_used, started_at
  from calls order by calls.started_at desc nulls last, calls.id desc nulls last limit ${limit}`;
