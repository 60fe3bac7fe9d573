import {
  CALL_SETUP_STEPS,
  type CallNetworkPath,
  type CallPathReport,
  type CallSetupStep,
  type SetupStepPercentiles,
  type StoredSetupStep,
} from '@switchboard/contract/call-inspector';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { callNetworkPaths, callSetupSteps } from '../../db/schema/call-inspector.ts';

export type CallSide = 'caller' | 'callee';

export interface SetupStepRecord {
  step: StoredSetupStep;
  side: CallSide;
  at: Date;
}

/**
 * Records one step of a call on the side of `userId`, who must be one of its parties: the earliest moment
 * of a step is kept. Returns the side, or null when the user is not a party to the call (nothing written).
 */
export async function recordSetupStep(
  db: Executor,
  callId: number,
  userId: string,
  step: StoredSetupStep,
  at: Date,
): Promise<CallSide | null> {
  const rows = await queryRows<{ side: CallSide }>(
    db,
    sql`insert into call_setup_steps (call_id, step, side, at)
      select id, ${step}, case when caller_id = ${userId} then 'caller' else 'callee' end,
        ${at.toISOString()}::timestamptz
      from calls where id = ${callId} and ${userId} in (caller_id, callee_id)
      on conflict (call_id, step, side) do update set at = least(call_setup_steps.at, excluded.at)
      returning side`,
  );
  return rows[0]?.side ?? null;
}

/** Records a step whose side the server knows (it relayed it): the earliest moment is kept. */
export async function recordServerStep(
  db: Executor,
  callId: number,
  side: CallSide,
  step: StoredSetupStep,
  at: Date,
): Promise<void> {
  await db
    .insert(callSetupSteps)
    .values({ callId, step, side, at })
    .onConflictDoUpdate({
      target: [callSetupSteps.callId, callSetupSteps.step, callSetupSteps.side],
      set: { at: sql`least(${callSetupSteps.at}, excluded.at)` },
    });
}

export async function setupSteps(db: Executor, callId: number): Promise<SetupStepRecord[]> {
  return db
    .select({ step: callSetupSteps.step, side: callSetupSteps.side, at: callSetupSteps.at })
    .from(callSetupSteps)
    .where(eq(callSetupSteps.callId, callId))
    .orderBy(asc(callSetupSteps.at));
}

/**
 * Stores the path one party's side took, once: a second report for the same side changes nothing. Returns
 * false when the user is not a party to the call.
 */
export async function recordNetworkPath(
  db: Executor,
  userId: string,
  report: CallPathReport,
  at: Date,
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`with inserted as (
        insert into call_network_paths (call_id, side, local_candidate_type, remote_candidate_type, transport,
          relay_server, rtt_ms, reported_at)
        select id, case when caller_id = ${userId} then 'caller' else 'callee' end,
          ${report.local_candidate_type}, ${report.remote_candidate_type}, ${report.transport},
          ${report.relay_server}, ${report.rtt_ms}::real, ${at.toISOString()}::timestamptz
        from calls where id = ${report.call_id} and ${userId} in (caller_id, callee_id)
        on conflict (call_id, side) do nothing
        returning call_id)
      select id from calls where id = ${report.call_id} and ${userId} in (caller_id, callee_id)`,
  );
  return rows.length > 0;
}

export async function networkPaths(db: Executor, callId: number): Promise<CallNetworkPath[]> {
  const rows = await db
    .select()
    .from(callNetworkPaths)
    .where(eq(callNetworkPaths.callId, callId))
    .orderBy(asc(callNetworkPaths.side));
  return rows.map((p) => ({
    side: p.side,
    local_candidate_type: p.localCandidateType,
    remote_candidate_type: p.remoteCandidateType,
    transport: p.transport,
    relay_server: p.relayServer,
    rtt_ms: p.rttMs,
    reported_at: p.reportedAt.toISOString(),
  }));
}

/**
 * p50 and p95 per hour of each funnel step, in milliseconds from the step before it (its earliest moment
 * on either side), over the calls invited since `since`: one pass over the invites' index range.
 */
export async function setupPercentilesByHour(db: Executor, since: Date): Promise<SetupStepPercentiles[]> {
  const order = sql.raw(`case step ${CALL_SETUP_STEPS.map((s, i) => `when '${s}' then ${i}`).join(' ')} end`);
  const rows = await queryRows<{
    hour: Date | string;
    step: CallSetupStep;
    calls: number;
    p50: number;
    p95: number;
  }>(
    db,
    sql`with invited as (
        select call_id, at from call_setup_steps where step = 'invite_sent' and at >= ${since.toISOString()}::timestamptz
      ), firsts as (
        select s.call_id, s.step, min(s.at) as at, ${order} as position
        from call_setup_steps s join invited i on i.call_id = s.call_id
        where s.step <> 'ice_failed'
        group by s.call_id, s.step
      ), gaps as (
        select f.call_id, f.step, f.position,
          extract(epoch from f.at - lag(f.at) over (partition by f.call_id order by f.position)) * 1000 as ms
        from firsts f
      )
      select date_trunc('hour', i.at) as hour, g.step, count(*)::int as calls,
        percentile_cont(0.5) within group (order by greatest(g.ms, 0)) as p50,
        percentile_cont(0.95) within group (order by greatest(g.ms, 0)) as p95
      from gaps g join invited i on i.call_id = g.call_id
      where g.ms is not null
      group by 1, g.step, g.position
      order by 1, g.position`,
  );
  return rows.map((r) => ({
    hour: new Date(r.hour).toISOString(),
    step: r.step,
    calls: Number(r.calls),
    p50_ms: Math.round(Number(r.p50)),
    p95_ms: Math.round(Number(r.p95)),
  }));
}

/**
 * Of the calls answered since `since`: how many, and how many took longer than `slowMs` from the answer to
 * the first media (or, without a first-media report, to ICE connected; a call that never connected counts
 * as slow once `slowMs` has passed).
 */
export async function setupsSince(
  db: Executor,
  since: Date,
  slowMs: number,
  now: Date,
): Promise<{ answered: number; slow: number }> {
  const [row] = await queryRows<{ answered: number; slow: number }>(
    db,
    sql`select count(*)::int as answered,
        count(*) filter (where coalesce(m.at, ${now.toISOString()}::timestamptz) - a.at
          > make_interval(secs => ${slowMs / 1000}))::int as slow
      from (select call_id, min(at) as at from call_setup_steps
        where step = 'answered' and at >= ${since.toISOString()}::timestamptz group by call_id) a
      left join lateral (select coalesce(
          (select min(at) from call_setup_steps m where m.call_id = a.call_id and m.step = 'first_media'),
          (select min(at) from call_setup_steps m where m.call_id = a.call_id and m.step = 'ice_connected')
        ) as at) m on true`,
  );
  return { answered: Number(row?.answered ?? 0), slow: Number(row?.slow ?? 0) };
}
