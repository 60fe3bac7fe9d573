import type { CallQualitySample, CallRow } from '@switchboard/contract/calls';
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { callQualitySamples, calls } from '../../db/schema/calls.ts';
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

export async function lockCall(tx: Executor, id: number): Promise<CallRecord | undefined> {
  const [row] = await tx.select().from(calls).where(eq(calls.id, id)).for('update');
  return row;
}

export async function updateCall(
  tx: Executor,
  id: number,
  change: Partial<
    Pick<CallRecord, 'status' | 'duration' | 'quality' | 'cost' | 'coinsUsed' | 'endReason' | 'endedAt'>
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

/** How many calls a user made or received, as a scalar subquery over the caller and callee indexes. */
export const callCountOfSql = (userId: SQL) =>
  sql`(select count(*) from calls c where c.caller_id = ${userId}) + (select count(*) from calls c where c.callee_id = ${userId})`;

/** The latest calls (calls_started_at_idx), as a subquery of the columns the Database screen's sample shows. */
export const latestCallsSql = (limit: number) => sql`select id::text as id, caller_username as caller,
    callee_username as callee, type, status, duration, coins_used, started_at
  from calls order by calls.started_at desc nulls last, calls.id desc nulls last limit ${limit}`;
