import type { CallNetworkPath, CallVerdictCode } from '@switchboard/contract/call-inspector';
import { QUALITY_SAMPLE_INTERVAL_MS } from '@switchboard/contract/calling';
import type { CallSide, SetupStepRecord } from './call-funnel.repository.ts';

/**
 * The verdict on one ended call, from its row, its setup funnel, its network paths and its quality samples:
 * the first rule of docs/call-verdicts.md that holds, with the facts it rests on. A pure function, so every
 * rule is tested without a call.
 */

export interface JudgedCall {
  status: string;
  endReason: string | null;
  startedAt: Date;
  answeredAt: Date | null;
  endedAt: Date | null;
}

export interface JudgedSample {
  side: CallSide;
  packetLoss: number;
  rttMs: number;
  jitterMs: number;
  mos: number;
}

/** The calling settings a verdict measures against. */
export interface VerdictLimits {
  lossPercent: number;
  rttMs: number;
  jitterMs: number;
  mos: number;
  slowSetupMs: number;
}

export interface VerdictInput {
  call: JudgedCall;
  steps: readonly SetupStepRecord[];
  paths: readonly CallNetworkPath[];
  samples: readonly JudgedSample[];
  limits: VerdictLimits;
}

export interface Judgement {
  verdict: CallVerdictCode | null;
  summary: string | null;
  evidence: string[];
  /** Milliseconds from the answer to the first media (or to ICE connected without a first-media report). */
  setupMs: number | null;
}

/** A side is judged poor when at least this many of its samples, and this share of them, were bad. */
const MIN_BAD_SAMPLES = 2;
const MIN_BAD_SHARE = 0.2;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const sideName = (side: CallSide) => (side === 'caller' ? "the caller's" : "the callee's");
const durationText = (ms: number) => {
  const total = Math.round(ms / 1000);
  return total >= 60 ? `${Math.floor(total / 60)} min ${total % 60} s` : `${total} s`;
};

const END_REASON_TEXT: Record<string, string> = {
  ring_timeout: 'nobody answered before the ring time-out',
  cancelled: 'the caller hung up while it rang',
  disconnected: "a party's app disconnected",
  peer_disconnected: "a party's app disconnected before media flowed",
  insufficient_coins: 'the caller had not enough coins',
  maintenance: 'the service was under maintenance',
  declined: 'the callee declined',
  hangup: 'a party hung up',
  admin_ended: 'an admin ended it',
  max_duration: 'it reached the length cap',
  coins_exhausted: "the caller's coins ran out",
  server_lost: 'the server carrying it was lost',
};
const reasonText = (reason: string | null) => (reason ? (END_REASON_TEXT[reason] ?? reason) : 'unknown');

export function judgeCall({ call, steps, paths, samples, limits }: VerdictInput): Judgement {
  const first = (step: SetupStepRecord['step'], side?: CallSide) =>
    steps
      .filter((s) => s.step === step && (side === undefined || s.side === side))
      .reduce<Date | null>((min, s) => (min === null || s.at < min ? s.at : min), null);
  const invite = first('invite_sent') ?? call.startedAt;
  const since = (at: Date, from: Date = invite) => at.getTime() - from.getTime();
  const answered = call.answeredAt ?? first('answered');
  const media = first('first_media');
  const connected = first('ice_connected');
  const setupEnd = media ?? connected;
  const setupMs = answered && setupEnd ? Math.max(0, since(setupEnd, answered)) : null;
  const ended = call.endedAt ?? invite;
  const endFact = `Ended ${durationText(since(ended))} after the invite: ${reasonText(call.endReason)}.`;
  const result = (verdict: CallVerdictCode, summary: string, evidence: string[]): Judgement => ({
    verdict,
    summary,
    evidence,
    setupMs,
  });

  if (call.endReason === 'server_lost')
    return result('server_lost', 'Server lost', [
      endFact,
      answered
        ? `It had been answered ${durationText(since(ended, answered))} before.`
        : 'It was not answered.',
    ]);
  if (
    call.status === 'failed' &&
    !answered &&
    (call.endReason === 'insufficient_coins' || call.endReason === 'maintenance')
  )
    return result('refused', `Refused before ringing: ${reasonText(call.endReason)}`, [endFact]);

  if (!answered) {
    const rang = first('ringing', 'callee');
    const ringFact = rang
      ? `The callee's app rang ${seconds(since(rang))} after the invite.`
      : "The callee's app never reported ringing.";
    if (call.status === 'declined' || call.endReason === 'declined')
      return result('declined', `Declined by the callee after ${durationText(since(ended))}`, [
        ringFact,
        endFact,
      ]);
    if (!rang)
      return result('callee_unreachable', "The callee's app never rang", [
        `Invite sent at ${invite.toISOString()}; no ringing report from the callee.`,
        endFact,
      ]);
    return result('never_answered', `Never answered: ${reasonText(call.endReason)}`, [ringFact, endFact]);
  }

  const answeredFact = `Answered ${seconds(since(answered))} after the invite.`;
  const offer = first('offer');
  const answerSdp = first('answer');
  if (!offer || !answerSdp)
    return result('signalling_incomplete', 'Signalling never completed', [
      answeredFact,
      offer ? `Offer relayed ${seconds(since(offer, answered))} after the answer.` : 'No offer was relayed.',
      answerSdp ? 'The answer SDP was relayed.' : 'No answer SDP was relayed.',
      endFact,
    ]);

  if (!connected) {
    const failures = steps.filter((s) => s.step === 'ice_failed');
    const relayed = paths.some((p) => p.local_candidate_type === 'relay');
    return result('relay_needed', 'No network path: a relay (TURN) is needed', [
      answeredFact,
      `Offer and answer exchanged ${seconds(since(answerSdp, answered))} after the answer.`,
      failures.length > 0
        ? failures
            .map(
              (f) =>
                `ICE failed on ${sideName(f.side)} side ${seconds(since(f.at, answered))} after the answer.`,
            )
            .join(' ')
        : 'ICE never connected on either side.',
      relayed ? 'A relay path was reported.' : 'No side reported a relay (TURN) candidate pair.',
      endFact,
    ]);
  }

  const pathFacts = paths.map(
    (p) =>
      `${p.side === 'caller' ? 'Caller' : 'Callee'} path: ${p.local_candidate_type} → ${p.remote_candidate_type} over ${p.transport}${p.relay_server ? ` via ${p.relay_server}` : ''}${p.rtt_ms === null ? '' : `, RTT ${Math.round(p.rtt_ms)} ms at connect`}.`,
  );
  const connectedFact = `ICE connected ${seconds(since(connected, answered))} after the answer.`;
  if (!media && samples.length === 0)
    return result('media_never_flowed', 'Media never flowed', [
      connectedFact,
      ...pathFacts,
      'No first-media report and no quality sample from either side.',
      endFact,
    ]);

  const poor = poorSide(samples, limits);
  if (call.endReason === 'disconnected' || call.endReason === 'peer_disconnected')
    return result(
      'dropped',
      `Dropped: ${reasonText(call.endReason)} ${durationText(since(ended, answered))} into the call`,
      [connectedFact, ...(poor ? [poor.fact] : []), endFact],
    );
  if (poor)
    return result(poor.side === 'caller' ? 'poor_network_caller' : 'poor_network_callee', poor.summary, [
      poor.fact,
      ...pathFacts,
      endFact,
    ]);
  if (setupMs !== null && setupMs > limits.slowSetupMs)
    return result(
      'slow_setup',
      `Slow setup: ${seconds(setupMs)} from the answer to ${media ? 'the first media' : 'ICE connected'}`,
      [
        `The limit is ${seconds(limits.slowSetupMs)} (calling setting "Slow Setup").`,
        connectedFact,
        ...(media ? [`First media ${seconds(since(media, answered))} after the answer.`] : []),
        ...pathFacts,
      ],
    );
  return { verdict: null, summary: null, evidence: [], setupMs };
}

type Metric = 'loss' | 'rtt' | 'jitter' | 'mos';

/** The side whose samples were bad most often, with its worst metric, or null when neither side was poor. */
function poorSide(samples: readonly JudgedSample[], limits: VerdictLimits) {
  const bad = (s: JudgedSample): Metric[] => [
    ...(s.packetLoss > limits.lossPercent ? (['loss'] as const) : []),
    ...(s.rttMs > limits.rttMs ? (['rtt'] as const) : []),
    ...(s.jitterMs > limits.jitterMs ? (['jitter'] as const) : []),
    ...(s.mos < limits.mos ? (['mos'] as const) : []),
  ];
  let worst: { side: CallSide; badSamples: JudgedSample[]; metric: Metric } | null = null;
  for (const side of ['caller', 'callee'] as const) {
    const own = samples.filter((s) => s.side === side);
    const badSamples = own.filter((s) => bad(s).length > 0);
    if (badSamples.length < MIN_BAD_SAMPLES || badSamples.length < own.length * MIN_BAD_SHARE) continue;
    if (worst && worst.badSamples.length >= badSamples.length) continue;
    // The metric most often over its limit; loss first on a tie, then RTT, jitter, MOS.
    const order: Metric[] = ['loss', 'rtt', 'jitter', 'mos'];
    const counts = order.map((m) => badSamples.filter((s) => bad(s).includes(m)).length);
    const metric = order[counts.indexOf(Math.max(...counts))] ?? 'mos';
    worst = { side, badSamples, metric };
  }
  if (!worst) return null;
  const hit = worst.badSamples.filter((s) => bad(s).includes(worst.metric));
  const mean = (pick: (s: JudgedSample) => number) => hit.reduce((n, s) => n + pick(s), 0) / hit.length;
  const figure = {
    loss: () => `${Math.round(mean((s) => s.packetLoss))}% loss`,
    rtt: () => `${Math.round(mean((s) => s.rttMs))} ms RTT`,
    jitter: () => `${Math.round(mean((s) => s.jitterMs))} ms jitter`,
    mos: () => `MOS ${mean((s) => s.mos).toFixed(1)}`,
  }[worst.metric]();
  const lasted = durationText(hit.length * QUALITY_SAMPLE_INTERVAL_MS);
  return {
    side: worst.side,
    summary: `Poor network on ${sideName(worst.side)} side: ${figure} for ${lasted}`,
    fact: `${hit.length} of ${samples.filter((s) => s.side === worst.side).length} samples from ${sideName(worst.side)} side were over the limit (${figure} on average in those).`,
  };
}
