import type { CallQualitySample, CallRow, ListCallsQuery } from '@switchboard/contract/calls';
import { and, asc, desc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { decodeCursor, encodeCursor } from '../../db/keyset-cursor.ts';
import { COUNT_CAP, readCounters } from '../../db/row-counts.ts';
import { callDailyStats, callQualitySamples, calls } from '../../db/schema/calls.ts';
import { usernameMatches } from '../users/username-matches.ts';

export type CallFilter = Pick<ListCallsQuery, 'search' | 'status' | 'type'>;
export type CallRecord = typeof calls.$inferSelect;

export const LIVE_STATUSES = ['ringing', 'active'] as const;

const COLUMNS = `id, caller_id, callee_id, caller_username, callee_username, status, duration, quality,
  started_at, ended_at, type, is_anonymous, cost, coins_used, created_at, started_at::text as sort_key`;

interface RawCall {
  id: string | number;
  caller_id: string | null;
  callee_id: string | null;
  caller_username: string | null;
  callee_username: string | null;
  status: CallRow['status'];
  duration: number;
  quality: number | string | null;
  started_at: string | Date;
  ended_at: string | Date | null;
  type: CallRow['type'];
  is_anonymous: boolean;
  cost: string | number;
  coins_used: number;
  created_at: string | Date;
  sort_key: string;
}

const iso = (v: string | Date) => new Date(v).toISOString();
const toRow = ({ sort_key: _, ...r }: RawCall): CallRow => ({
  ...r,
  id: Number(r.id),
  quality: r.quality === null ? null : Number(r.quality),
  cost: Number(r.cost),
  started_at: iso(r.started_at),
  ended_at: r.ended_at === null ? null : iso(r.ended_at),
  created_at: iso(r.created_at),
});

export const recordToRow = (c: CallRecord): CallRow => ({
  id: c.id,
  caller_id: c.callerId,
  callee_id: c.calleeId,
  caller_username: c.callerUsername,
  callee_username: c.calleeUsername,
  status: c.status,
  duration: c.duration,
  quality: c.quality,
  started_at: c.startedAt.toISOString(),
  ended_at: c.endedAt?.toISOString() ?? null,
  type: c.type,
  is_anonymous: c.isAnonymous,
  cost: c.cost,
  coins_used: c.coinsUsed,
  created_at: c.createdAt.toISOString(),
});

const rowsOf = async <T>(db: Executor, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

function conditions(filter: CallFilter, after: [string, string] | undefined): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.status !== 'all') parts.push(sql`status = ${filter.status}`);
  if (filter.type !== 'all') parts.push(sql`type = ${filter.type}`);
  if (after) parts.push(sql`(started_at, id) < (${after[0]}::timestamptz, ${after[1]}::bigint)`);
  return sql.join(parts, sql` and `);
}

/** Up to this many matching users, a search walks each one's calls; beyond it, calls in time order. */
const LATERAL_USERS = 200;

/**
 * The calls a search matches, newest first. For a rare name: per matching user, the top `perUser`
 * calls where they called and where they were called, each a LIMIT over (caller_id|callee_id,
 * started_at desc, id desc). For a common one (more than LATERAL_USERS users) that would sort
 * thousands of rows, while about one call in ten matches: the started_at index is read newest first
 * and each row is checked against the matching ids (a hashed set), stopping at the page.
 * A call between two matching users appears once either way.
 */
function searchedCalls(
  filter: CallFilter,
  after: [string, string] | undefined,
  perUser: number,
  manyUsers: boolean,
): SQL {
  const where = conditions(filter, after);
  const matches = usernameMatches(filter.search);
  if (manyUsers)
    return sql`select ${sql.raw(COLUMNS)} from calls where ${where}
      and (caller_id in (${matches}) or callee_id in (${matches}))
      order by started_at desc, id desc`;
  const side = (column: string) => sql`(select ${sql.raw(COLUMNS)} from calls
      where ${sql.raw(column)} = m.id and ${where}
      order by started_at desc, id desc limit ${perUser})`;
  return sql`select distinct on (c.started_at, c.id) c.* from (${matches}) m
    cross join lateral (${side('caller_id')} union all ${side('callee_id')}) c
    order by c.started_at desc, c.id desc`;
}

async function manyMatchingUsers(db: Executor, search: string): Promise<boolean> {
  const rows = await rowsOf(db, sql`select 1 from (${usernameMatches(search)}) m limit ${LATERAL_USERS + 1}`);
  return rows.length > LATERAL_USERS;
}

function plainCalls(filter: CallFilter, after: [string, string] | undefined): SQL {
  return sql`select ${sql.raw(COLUMNS)} from calls where ${conditions(filter, after)}
    order by started_at desc, id desc`;
}

export interface CallsPageResult {
  rows: CallRow[];
  total: number;
  totalCapped: boolean;
  nextCursor: string | null;
}

/**
 * One page, newest first: after the cursor when there is one, else at an OFFSET. Totals never count
 * calls: an unsearched list reads its counter, a search counts at most COUNT_CAP + 1 matches.
 */
export async function listCalls(
  db: Executor,
  query: Omit<ListCallsQuery, 'search'> & { search: string },
): Promise<CallsPageResult> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const offset = after ? 0 : (query.page - 1) * query.limit;
  const many = query.search ? await manyMatchingUsers(db, query.search) : false;
  const source = query.search
    ? searchedCalls(query, after, offset + query.limit, many)
    : plainCalls(query, after);
  const [raw, total] = await Promise.all([
    rowsOf<RawCall>(db, sql`${source} limit ${query.limit} offset ${offset}`),
    countCalls(db, query),
  ]);
  const last = raw.length === query.limit ? raw.at(-1) : undefined;
  return {
    rows: raw.map(toRow),
    ...total,
    nextCursor: last ? encodeCursor(last.sort_key, String(last.id)) : null,
  };
}

/** The counter holding each unsearched filter's total (kept by the calls_row_counts triggers). */
export function counterName({ status, type }: Pick<CallFilter, 'status' | 'type'>): string {
  if (status === 'all') return type === 'all' ? 'calls.total' : `calls.type.${type}`;
  return type === 'all' ? `calls.status.${status}` : `calls.${status}.${type}`;
}

async function countCalls(
  db: Executor,
  filter: CallFilter,
): Promise<{ total: number; totalCapped: boolean }> {
  if (!filter.search) {
    const name = counterName(filter);
    const counts = await readCounters(db, [name]);
    return { total: counts[name] ?? 0, totalCapped: false };
  }
  // Each call once without sorting: every call whose caller matches, then those whose callee
  // matches and caller does not; the LIMIT stops the walk at the cap.
  const where = conditions(filter, undefined);
  const matches = usernameMatches(filter.search);
  const [row] = await rowsOf<{ n: string | number }>(
    db,
    sql`with m as materialized (${matches})
      select count(*) as n from (
        select 1 from m cross join lateral (select 1 from calls where caller_id = m.id and ${where}) a
        union all
        select 1 from m cross join lateral (select 1 from calls c where callee_id = m.id and ${where}
          and not exists (select 1 from m m2 where m2.id = c.caller_id)) b
        limit ${COUNT_CAP + 1}) s`,
  );
  const n = Number(row?.n ?? 0);
  return { total: Math.min(n, COUNT_CAP), totalCapped: n > COUNT_CAP };
}

/** Up to `batch` rows of the filtered list after the cursor: what the CSV export streams, batch by batch. */
export async function callsBatch(
  db: Executor,
  filter: CallFilter,
  after: [string, string] | undefined,
  batch: number,
): Promise<{ rows: CallRow[]; last: [string, string] | undefined }> {
  const many = filter.search ? await manyMatchingUsers(db, filter.search) : false;
  const source = filter.search ? searchedCalls(filter, after, batch, many) : plainCalls(filter, after);
  const raw = await rowsOf<RawCall>(db, sql`${source} limit ${batch}`);
  const lastRow = raw.at(-1);
  return { rows: raw.map(toRow), last: lastRow && [lastRow.sort_key, String(lastRow.id)] };
}

/** Ended calls over the started_at index; the few live rows it skips are the newest. */
export async function pastCalls(db: Executor, limit: number, offset: number): Promise<CallRow[]> {
  const raw = await rowsOf<RawCall>(
    db,
    sql`select ${sql.raw(COLUMNS)} from calls where status not in ('ringing', 'active')
      order by started_at desc, id desc limit ${limit} offset ${offset}`,
  );
  return raw.map(toRow);
}

export async function liveCalls(db: Executor): Promise<CallRow[]> {
  const rows = await db
    .select()
    .from(calls)
    .where(inArray(calls.status, [...LIVE_STATUSES]))
    .orderBy(desc(calls.startedAt), desc(calls.id));
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

export interface RollupTotals {
  status: CallRecord['status'];
  calls: number;
  duration: number;
  revenue: number;
  qualitySum: number;
  qualityCount: number;
}

/** call_daily_stats summed by status over every day: a few hundred rollup rows, never the calls table. */
export async function totalsByStatus(db: Executor): Promise<RollupTotals[]> {
  const rows = await db
    .select({
      status: callDailyStats.status,
      calls: sql<string>`sum(${callDailyStats.callCount})`,
      duration: sql<string>`sum(${callDailyStats.totalDuration})`,
      revenue: sql<string>`sum(${callDailyStats.revenue})`,
      qualitySum: sql<string>`sum(${callDailyStats.qualitySum})`,
      qualityCount: sql<string>`sum(${callDailyStats.qualityCount})`,
    })
    .from(callDailyStats)
    .groupBy(callDailyStats.status);
  return rows.map((r) => ({
    status: r.status,
    calls: Number(r.calls),
    duration: Number(r.duration),
    revenue: Number(r.revenue),
    qualitySum: Number(r.qualitySum),
    qualityCount: Number(r.qualityCount),
  }));
}

export interface DailyRollup {
  day: string;
  type: CallRecord['type'];
  status: CallRecord['status'];
  calls: number;
  qualitySum: number;
  qualityCount: number;
}

export async function dailyRollups(db: Executor, sinceDay: string): Promise<DailyRollup[]> {
  const rows = await db
    .select({
      day: callDailyStats.day,
      type: callDailyStats.type,
      status: callDailyStats.status,
      calls: callDailyStats.callCount,
      qualitySum: callDailyStats.qualitySum,
      qualityCount: callDailyStats.qualityCount,
    })
    .from(callDailyStats)
    .where(and(gte(callDailyStats.day, sinceDay)))
    .orderBy(asc(callDailyStats.day));
  return rows.map((r) => ({ ...r, calls: Number(r.calls), qualityCount: Number(r.qualityCount) }));
}
