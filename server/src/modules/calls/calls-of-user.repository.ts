import type { UserCall } from '@switchboard/contract/user-sections';
import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { callQualitySamples, calls } from '../../db/schema/calls.ts';
import { isoTimestamp } from '../../db/timestamp-text.ts';

type RawCall = Omit<UserCall, 'started_at' | 'quality' | 'id'> & {
  id: string | number;
  quality: number | string | null;
  started_at: string | Date;
};

/**
 * A page of one user's calls, newest first: the calls they placed (calls_caller_idx) and those they
 * received (calls_callee_idx), each walked to the page's length and merged, so the statement reads at
 * most twice the page whatever the user's history.
 */
export async function userCallsPage(
  db: Executor,
  userId: string,
  after: [string, string] | undefined,
  limit: number,
): Promise<UserCall[]> {
  const keyset = after ? sql`and (started_at, id) < (${after[0]}::timestamptz, ${after[1]}::bigint)` : sql``;
  const side = (
    party: string,
    other: string,
    direction: string,
  ) => sql`(select id, ${direction}::text as direction,
      ${sql.raw(other)}_id as other_party_id, ${sql.raw(other)}_username as other_party_username,
      type, status, duration, quality, started_at
    from ${calls} where ${sql.raw(party)}_id = ${userId} ${keyset}
    order by started_at desc, id desc limit ${limit})`;
  const result = await db.execute(sql`select * from (${side('caller', 'callee', 'outgoing')}
    union all ${side('callee', 'caller', 'incoming')}) c order by started_at desc, id desc limit ${limit}`);
  const rows = (result as unknown as { rows: RawCall[] }).rows;
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    duration: Number(r.duration),
    quality: r.quality === null ? null : Number(r.quality),
    started_at: isoTimestamp(r.started_at),
  }));
}

/** The export: a batch of the user's calls by id, each with its quality samples. */
export async function userCallsBatch(db: Executor, userId: string, afterId: number, batch: number) {
  const rows = await db
    .select()
    .from(calls)
    .where(and(or(eq(calls.callerId, userId), eq(calls.calleeId, userId)), gt(calls.id, afterId)))
    .orderBy(asc(calls.id))
    .limit(batch);
  if (rows.length === 0) return [];
  const samples = await db
    .select()
    .from(callQualitySamples)
    .where(
      inArray(
        callQualitySamples.callId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(callQualitySamples.callId), asc(callQualitySamples.sampledAt));
  return rows.map((call) => ({ ...call, quality_samples: samples.filter((s) => s.callId === call.id) }));
}
