import {
  CALL_SETUP_STEPS,
  type CallInspection,
  type SetupFunnel,
  type TopVerdicts,
} from '@switchboard/contract/call-inspector';
import { CALL_MESSAGES } from '@switchboard/contract/calls';
import type { Database, Executor } from '../../db/client.ts';
import { notFound } from '../../http/http-error.ts';
import { liveSettings } from '../settings/live-settings.ts';
import { networkPaths, setupPercentilesByHour, setupSteps } from './call-funnel.repository.ts';
import { judgeCall, type VerdictLimits } from './call-verdict.ts';
import * as verdicts from './call-verdicts.repository.ts';
import { callExists } from './calls.repository.ts';

const HOUR_MS = 3_600_000;
/** A call is judged once it has been over this long, so the last samples of its sides are written. */
export const JUDGE_AFTER_END_MS = 3000;
/** Calls are judged within this long of their invite (the longest call, an hour, and its ringing fit in). */
const JUDGE_WITHIN_MS = 2 * HOUR_MS;
const JUDGE_BATCH = 200;

export async function verdictLimits(db: Database): Promise<VerdictLimits> {
  const calling = await liveSettings(db).section('calling');
  return {
    lossPercent: calling.quality_loss_percent,
    rttMs: calling.quality_rtt_ms,
    jitterMs: calling.quality_jitter_ms,
    mos: calling.quality_mos,
    slowSetupMs: calling.setup_slow_ms,
  };
}

/**
 * Judges the calls placed through `/app` that ended a few seconds ago and have no verdict yet, a batch at
 * a time. Every instance may run it: a call judged twice keeps the first verdict. Returns how many it judged.
 */
export async function judgeEndedCalls(db: Database, now: Date = new Date()): Promise<number> {
  const due = await verdicts.callsToJudge(
    db,
    new Date(now.getTime() - JUDGE_WITHIN_MS),
    new Date(now.getTime() - JUDGE_AFTER_END_MS),
    JUDGE_BATCH,
  );
  if (due.length === 0) return 0;
  const ids = due.map((c) => c.id);
  const [steps, paths, samples, limits] = await Promise.all([
    verdicts.stepsOfCalls(db, ids),
    verdicts.pathsOfCalls(db, ids),
    verdicts.samplesOfCalls(db, ids),
    verdictLimits(db),
  ]);
  await verdicts.insertVerdicts(
    db,
    due.map((call) => {
      const judged = judgeCall({
        call,
        steps: steps.get(call.id) ?? [],
        paths: paths.get(call.id) ?? [],
        samples: samples.get(call.id) ?? [],
        limits,
      });
      return { callId: call.id, ...judged, startedAt: call.startedAt, judgedAt: now };
    }),
  );
  return due.length;
}

/** Call Details' inspector: the funnel, each side's path and the verdict. */
export async function inspectCall(db: Executor, callId: number): Promise<CallInspection> {
  if (!(await callExists(db, callId))) throw notFound(CALL_MESSAGES.notFound);
  const [steps, paths, judged] = await Promise.all([
    setupSteps(db, callId),
    networkPaths(db, callId),
    verdicts.verdictOf(db, callId),
  ]);
  const invite = steps.find((s) => s.step === 'invite_sent')?.at;
  return {
    funnel: steps.map((s) => ({
      step: s.step,
      side: s.side,
      at: s.at.toISOString(),
      after_invite_ms: invite ? s.at.getTime() - invite.getTime() : null,
    })),
    paths,
    verdict: judged?.verdict ?? null,
    judged: judged !== undefined,
  };
}

export async function setupFunnel(db: Executor, hours: number, now: Date = new Date()): Promise<SetupFunnel> {
  const since = new Date(Math.floor((now.getTime() - (hours - 1) * HOUR_MS) / HOUR_MS) * HOUR_MS);
  const rows = await setupPercentilesByHour(db, since);
  const position = (step: string) => CALL_SETUP_STEPS.indexOf(step as (typeof CALL_SETUP_STEPS)[number]);
  return { hours: rows.sort((a, b) => a.hour.localeCompare(b.hour) || position(a.step) - position(b.step)) };
}

export async function topVerdicts(db: Executor, now: Date = new Date()): Promise<TopVerdicts> {
  return { verdicts: await verdicts.verdictCountsSince(db, new Date(now.getTime() - 24 * HOUR_MS)) };
}
