import type { CallNetworkPath, CallVerdict, CallVerdictCode } from '@switchboard/contract/call-inspector';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { callVerdicts } from '../../db/schema/call-inspector.ts';
import type { CallSide, SetupStepRecord } from './call-funnel.repository.ts';
import type { JudgedCall, JudgedSample } from './call-verdict.ts';

export interface CallToJudge extends JudgedCall {
  id: number;
}

/**
 * Calls placed through `/app` (they have an invite step) since `since`, ended before `endedBefore` and not
 * judged yet, oldest first: a walk over the invites' index range.
 */
export async function callsToJudge(
  db: Executor,
  since: Date,
  endedBefore: Date,
  limit: number,
): Promise<CallToJudge[]> {
  const rows = await queryRows<{
    id: number | string;
    status: string;
    end_reason: string | null;
    started_at: Date | string;
    answered_at: Date | string | null;
    ended_at: Date | string | null;
  }>(
    db,
    sql`select c.id, c.status, c.end_reason, c.started_at, c.answered_at, c.ended_at
      from call_setup_steps s join calls c on c.id = s.call_id
      where s.step = 'invite_sent' and s.at >= ${since.toISOString()}::timestamptz
        and c.ended_at is not null and c.ended_at <= ${endedBefore.toISOString()}::timestamptz
        and not exists (select 1 from call_verdicts v where v.call_id = c.id)
      order by s.at limit ${limit}`,
  );
  const date = (v: Date | string | null) => (v === null ? null : new Date(v));
  return rows.map((r) => ({
    id: Number(r.id),
    status: r.status,
    endReason: r.end_reason,
    startedAt: new Date(r.started_at),
    answeredAt: date(r.answered_at),
    endedAt: date(r.ended_at),
  }));
}

const idList = (ids: readonly number[]) =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}::bigint`),
    sql`, `,
  )})`;

/** The setup steps of these calls, by call. */
export async function stepsOfCalls(db: Executor, ids: readonly number[]) {
  const byCall = new Map<number, SetupStepRecord[]>();
  if (ids.length === 0) return byCall;
  const rows = await queryRows<{
    call_id: number | string;
    step: SetupStepRecord['step'];
    side: CallSide;
    at: Date | string;
  }>(
    db,
    sql`select call_id, step, side, at from call_setup_steps where call_id in ${idList(ids)} order by at`,
  );
  for (const r of rows) {
    const list = byCall.get(Number(r.call_id)) ?? [];
    list.push({ step: r.step, side: r.side, at: new Date(r.at) });
    byCall.set(Number(r.call_id), list);
  }
  return byCall;
}

/** The network paths of these calls, by call. */
export async function pathsOfCalls(db: Executor, ids: readonly number[]) {
  const byCall = new Map<number, CallNetworkPath[]>();
  if (ids.length === 0) return byCall;
  const rows = await queryRows<{
    call_id: number | string;
    side: CallSide;
    local_candidate_type: CallNetworkPath['local_candidate_type'];
    remote_candidate_type: CallNetworkPath['remote_candidate_type'];
    transport: CallNetworkPath['transport'];
    relay_server: string | null;
    rtt_ms: number | null;
    reported_at: Date | string;
  }>(db, sql`select * from call_network_paths where call_id in ${idList(ids)}`);
  for (const r of rows) {
    const list = byCall.get(Number(r.call_id)) ?? [];
    list.push({
      side: r.side,
      local_candidate_type: r.local_candidate_type,
      remote_candidate_type: r.remote_candidate_type,
      transport: r.transport,
      relay_server: r.relay_server,
      rtt_ms: r.rtt_ms === null ? null : Number(r.rtt_ms),
      reported_at: new Date(r.reported_at).toISOString(),
    });
    byCall.set(Number(r.call_id), list);
  }
  return byCall;
}

/** The quality samples of these calls (the figures a verdict reads), by call. */
export async function samplesOfCalls(db: Executor, ids: readonly number[]) {
  const byCall = new Map<number, JudgedSample[]>();
  if (ids.length === 0) return byCall;
  const rows = await queryRows<{
    call_id: number | string;
    side: CallSide;
    packet_loss: number;
    rtt_ms: number;
    jitter_ms: number;
    mos: number;
  }>(
    db,
    sql`select call_id, side, packet_loss, rtt_ms, jitter_ms, mos from call_quality_samples
      where call_id in ${idList(ids)} order by sampled_at, id`,
  );
  for (const r of rows) {
    const list = byCall.get(Number(r.call_id)) ?? [];
    list.push({
      side: r.side,
      packetLoss: Number(r.packet_loss),
      rttMs: Number(r.rtt_ms),
      jitterMs: Number(r.jitter_ms),
      mos: Number(r.mos),
    });
    byCall.set(Number(r.call_id), list);
  }
  return byCall;
}

export interface NewVerdict {
  callId: number;
  verdict: CallVerdictCode | null;
  summary: string | null;
  evidence: string[];
  setupMs: number | null;
  startedAt: Date;
  judgedAt: Date;
}

/** Stores verdicts; a call another instance judged first keeps its verdict. */
export async function insertVerdicts(db: Executor, verdicts: readonly NewVerdict[]): Promise<void> {
  if (verdicts.length === 0) return;
  await db
    .insert(callVerdicts)
    .values([...verdicts])
    .onConflictDoNothing();
}

/** The call's verdict row: undefined when not judged yet, `verdict: null` inside when judged fine. */
export async function verdictOf(
  db: Executor,
  callId: number,
): Promise<{ verdict: CallVerdict | null } | undefined> {
  const [row] = await db.select().from(callVerdicts).where(eq(callVerdicts.callId, callId));
  if (!row) return undefined;
  if (!row.verdict) return { verdict: null };
  return {
    verdict: {
      verdict: row.verdict,
      summary: row.summary ?? '',
      evidence: row.evidence,
      judged_at: row.judgedAt.toISOString(),
    },
  };
}

/** How many calls started since `since` got each verdict, most frequent first. */
export async function verdictCountsSince(db: Executor, since: Date) {
  const rows = await queryRows<{ verdict: CallVerdictCode; calls: number | string }>(
    db,
    sql`select verdict, count(*) as calls from call_verdicts
      where started_at >= ${since.toISOString()}::timestamptz and verdict is not null
      group by verdict order by count(*) desc, verdict`,
  );
  return rows.map((r) => ({ verdict: r.verdict, calls: Number(r.calls) }));
}
