import { and, asc, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { callQualitySamples, calls } from '../../db/schema/calls.ts';
import type { CallRecord } from './call-row.ts';
import { LIVE_STATUSES } from './calls.repository.ts';

export type NewCall = typeof calls.$inferInsert;
export type NewQualitySample = typeof callQualitySamples.$inferInsert;

/**
 * Serialises call set-up per user until the transaction ends, in a fixed order so two people calling
 * each other at once cannot deadlock: the busy check and the insert then see every committed call.
 */
export async function lockParties(tx: Executor, userIds: readonly string[]): Promise<void> {
  for (const id of [...new Set(userIds)].sort())
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`call-party:${id}`}))`);
}

/**
 * A live call of this user placed through the app. Seeded demo rows (no due time) are not connected
 * calls and do not make anyone busy.
 */
export async function liveCallOf(tx: Executor, userId: string): Promise<number | null> {
  const [row] = await tx
    .select({ id: calls.id })
    .from(calls)
    .where(
      and(
        or(eq(calls.callerId, userId), eq(calls.calleeId, userId)),
        inArray(calls.status, [...LIVE_STATUSES]),
        isNotNull(calls.dueAt),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

export async function insertCall(tx: Executor, call: NewCall): Promise<CallRecord> {
  const [row] = await tx.insert(calls).values(call).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * The earliest live call due by `now` (its own timer, or the end of its wait for a lost side to re-attach),
 * locked; one that another instance holds is skipped.
 */
export async function lockNextDueCall(tx: Executor, now: Date): Promise<CallRecord | undefined> {
  const [row] = await tx
    .select()
    .from(calls)
    .where(
      or(
        and(isNotNull(calls.dueAt), lte(calls.dueAt, now)),
        and(isNotNull(calls.reattachBy), lte(calls.reattachBy, now)),
      ),
    )
    .orderBy(asc(sql`least(${calls.dueAt}, ${calls.reattachBy})`))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

/** One multi-row insert for a batch of samples. */
export async function insertQualitySamples(db: Executor, rows: readonly NewQualitySample[]): Promise<void> {
  if (rows.length > 0) await db.insert(callQualitySamples).values([...rows]);
}

/** The mean opinion score over a call's samples, rolled-up ones included; null without any. */
export async function callMeanMos(tx: Executor, callId: number): Promise<number | null> {
  const [row] = await queryRows<{ n: number; total: number }>(
    tx,
    sql`select coalesce(sum(n), 0)::int as n, coalesce(sum(total), 0)::float8 as total from (
      select count(*) as n, sum(mos) as total from call_quality_samples where call_id = ${callId}
      union all
      select sum(sample_count), sum(mos_sum) from call_quality_rollups where call_id = ${callId}) parts`,
  );
  const n = Number(row?.n ?? 0);
  return n > 0 ? Number(row?.total) / n : null;
}

/**
 * Folds samples taken before `before` into one row per call and side, then deletes them; at most
 * `limit` calls per pass so one pass stays a short transaction.
 */
export async function rollUpSamplesBefore(tx: Executor, before: Date, limit: number): Promise<number> {
  const result = await tx.execute(sql`
    with old as (
      select id, call_id, side, mos, rtt_ms, jitter_ms, packet_loss, bitrate_kbps, sampled_at
      from call_quality_samples
      where call_id in (
        select distinct call_id from call_quality_samples where sampled_at < ${before} limit ${limit}
      ) and sampled_at < ${before}
      for update skip locked
    ), folded as (
      insert into call_quality_rollups as r (call_id, side, sample_count, mos_sum, rtt_ms_sum, jitter_ms_sum,
        packet_loss_sum, bitrate_kbps_sum, min_mos, first_sampled_at, last_sampled_at)
      select call_id, side, count(*), sum(mos), sum(rtt_ms), sum(jitter_ms), sum(packet_loss), sum(bitrate_kbps),
        min(mos), min(sampled_at), max(sampled_at)
      from old group by call_id, side
      on conflict (call_id, side) do update set
        sample_count = r.sample_count + excluded.sample_count,
        mos_sum = r.mos_sum + excluded.mos_sum,
        rtt_ms_sum = r.rtt_ms_sum + excluded.rtt_ms_sum,
        jitter_ms_sum = r.jitter_ms_sum + excluded.jitter_ms_sum,
        packet_loss_sum = r.packet_loss_sum + excluded.packet_loss_sum,
        bitrate_kbps_sum = r.bitrate_kbps_sum + excluded.bitrate_kbps_sum,
        min_mos = least(r.min_mos, excluded.min_mos),
        first_sampled_at = least(r.first_sampled_at, excluded.first_sampled_at),
        last_sampled_at = greatest(r.last_sampled_at, excluded.last_sampled_at),
        updated_at = now()
    )
    delete from call_quality_samples where id in (select id from old) returning 1`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
