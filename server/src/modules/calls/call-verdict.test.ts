import { describe, expect, it } from 'vitest';
import type { SetupStepRecord } from './call-funnel.repository.ts';
import { type JudgedSample, judgeCall, type VerdictInput } from './call-verdict.ts';

const t0 = Date.parse('2026-12-01T10:00:00Z');
const at = (ms: number) => new Date(t0 + ms);
const limits = { lossPercent: 3, rttMs: 400, jitterMs: 30, mos: 3.5, slowSetupMs: 3000 };
const step = (s: SetupStepRecord['step'], side: SetupStepRecord['side'], ms: number): SetupStepRecord => ({
  step: s,
  side,
  at: at(ms),
});
/** The steps of a call answered at 4 s whose media came up 600 ms later. */
const connectedSteps = [
  step('invite_sent', 'caller', 0),
  step('ringing', 'callee', 300),
  step('answered', 'callee', 4000),
  step('offer', 'caller', 4100),
  step('answer', 'callee', 4200),
  step('ice_connected', 'caller', 4500),
  step('first_media', 'caller', 4600),
];
const good: JudgedSample = { side: 'caller', packetLoss: 0, rttMs: 40, jitterMs: 5, mos: 4.4 };
const ended = (over: Partial<VerdictInput> = {}): VerdictInput => ({
  call: {
    status: 'ended',
    endReason: 'hangup',
    startedAt: at(0),
    answeredAt: at(4000),
    endedAt: at(120_000),
  },
  steps: connectedSteps,
  paths: [],
  samples: [good, { ...good, side: 'callee' }],
  limits,
  ...over,
});

describe('the verdict on a call', () => {
  it('finds nothing wrong with a call that connected quickly and sounded fine', () => {
    expect(judgeCall(ended())).toEqual({ verdict: null, summary: null, evidence: [], setupMs: 600 });
  });

  it('names the side with the bad samples and its figures: "8% loss for 40 s"', () => {
    const lossy = Array.from({ length: 8 }, () => ({ ...good, side: 'callee' as const, packetLoss: 8 }));
    const judged = judgeCall(
      ended({ samples: [...Array(10).fill(good), ...lossy, { ...good, side: 'callee' }] }),
    );
    expect(judged.verdict).toBe('poor_network_callee');
    expect(judged.summary).toBe("Poor network on the callee's side: 8% loss for 40 s");
    expect(judged.evidence[0]).toBe(
      "8 of 9 samples from the callee's side were over the limit (8% loss on average in those).",
    );
  });

  it('says the RTT when that is what was over its limit, on the caller’s side', () => {
    const slow = Array.from({ length: 3 }, () => ({ ...good, rttMs: 700 }));
    expect(judgeCall(ended({ samples: [...slow, good] })).summary).toBe(
      "Poor network on the caller's side: 700 ms RTT for 15 s",
    );
  });

  it('lets one bad sample pass', () => {
    expect(judgeCall(ended({ samples: [good, good, { ...good, packetLoss: 40 }] })).verdict).toBeNull();
  });

  it('says a relay was needed when the offer and answer went through and ICE failed', () => {
    const steps = [...connectedSteps.slice(0, 5), step('ice_failed', 'caller', 19_000)];
    const judged = judgeCall(
      ended({
        steps,
        samples: [],
        call: { ...ended().call, status: 'failed', endReason: 'peer_disconnected' },
      }),
    );
    expect(judged.verdict).toBe('relay_needed');
    expect(judged.summary).toBe('No network path: a relay (TURN) is needed');
    expect(judged.evidence).toContain("ICE failed on the caller's side 15.0 s after the answer.");
    expect(judged.evidence).toContain('No side reported a relay (TURN) candidate pair.');
  });

  it('says media never flowed when ICE connected and no media nor sample followed', () => {
    const judged = judgeCall(ended({ steps: connectedSteps.slice(0, 6), samples: [] }));
    expect(judged.verdict).toBe('media_never_flowed');
  });

  it('says signalling never completed when no answer SDP came back', () => {
    expect(judgeCall(ended({ steps: connectedSteps.slice(0, 4), samples: [] })).verdict).toBe(
      'signalling_incomplete',
    );
  });

  it('tells an unanswered call that rang from one whose callee never rang, and a declined one', () => {
    const unanswered = {
      status: 'missed',
      endReason: 'ring_timeout',
      startedAt: at(0),
      answeredAt: null,
      endedAt: at(30_000),
    };
    const rang = judgeCall(ended({ call: unanswered, steps: connectedSteps.slice(0, 2), samples: [] }));
    expect(rang).toMatchObject({
      verdict: 'never_answered',
      summary: 'Never answered: nobody answered before the ring time-out',
    });
    expect(
      judgeCall(ended({ call: unanswered, steps: connectedSteps.slice(0, 1), samples: [] })).verdict,
    ).toBe('callee_unreachable');
    const declined = { ...unanswered, status: 'declined', endReason: 'declined', endedAt: at(5000) };
    expect(judgeCall(ended({ call: declined, steps: connectedSteps.slice(0, 2), samples: [] })).summary).toBe(
      'Declined by the callee after 5 s',
    );
  });

  it('says the server was lost before anything else', () => {
    const lost = { ...ended().call, endReason: 'server_lost' };
    expect(judgeCall(ended({ call: lost })).verdict).toBe('server_lost');
  });

  it('says a dropped call dropped, with the poor network before it as evidence', () => {
    const lossy = Array.from({ length: 4 }, () => ({ ...good, packetLoss: 20 }));
    const judged = judgeCall(ended({ call: { ...ended().call, endReason: 'disconnected' }, samples: lossy }));
    expect(judged.verdict).toBe('dropped');
    expect(judged.evidence.join(' ')).toContain("samples from the caller's side were over the limit");
  });

  it('says a setup was slow past the setting, with its figure', () => {
    const steps = [
      ...connectedSteps.slice(0, 5),
      step('ice_connected', 'caller', 9000),
      step('first_media', 'callee', 9200),
    ];
    const judged = judgeCall(ended({ steps }));
    expect(judged).toMatchObject({ verdict: 'slow_setup', setupMs: 5200 });
    expect(judged.summary).toBe('Slow setup: 5.2 s from the answer to the first media');
  });
});
