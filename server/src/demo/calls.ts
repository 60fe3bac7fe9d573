import { CALL_STATUSES, CALL_TYPES, calls as callsTable } from '../db/schema/calls.ts';
import { Random, Weighted } from '../synthetic/prng.ts';
import { insertInBatches } from './batch-insert.ts';
import { CALL_RATES, type DemoCalls } from './demo-calls.ts';
import { type DemoUsers, pickOtherUser, pickUser } from './demo-users.ts';
import { DAY, MINUTE, orderByTime, rhythmTime, round } from './rhythm.ts';
import type { StageInput } from './stage.ts';

const status = (s: (typeof CALL_STATUSES)[number]) => CALL_STATUSES.indexOf(s);
const ENDED = status('ended');
const COMPLETED = status('completed');
const FAILED = status('failed');
const MISSED = status('missed');

const TYPES = new Weighted([
  [0, 65],
  [1, 33],
  [2, 2],
] as const);
const OUTCOMES = new Weighted([
  [COMPLETED, 60],
  [ENDED, 28],
  [MISSED, 8],
  [FAILED, 4],
] as const);
const MEDIAN_SECONDS = [180, 240, 540];
const END_REASONS: Record<number, Weighted<string>> = {
  [COMPLETED]: new Weighted([['hangup', 1]] as const),
  [ENDED]: new Weighted([
    ['caller_hangup', 45],
    ['callee_hangup', 45],
    ['connection_lost', 10],
  ] as const),
  [MISSED]: new Weighted([
    ['no_answer', 70],
    ['declined', 25],
    ['busy', 5],
  ] as const),
  // What the calling server records (peer gone before media, no coins at answer, maintenance) beside
  // what clients report of their connection.
  [FAILED]: new Weighted([
    ['network_error', 25],
    ['ice_failed', 20],
    ['peer_disconnected', 20],
    ['insufficient_coins', 15],
    ['media_timeout', 10],
    ['server_error', 5],
    ['maintenance', 5],
  ] as const),
};

/** Historic calls moved into the last hour and made to fail: the Calls screen's "failed in the last hour" has rows. */
const RECENT_FAILURES = 3;

/**
 * counts.calls finished calls over the last 90 days with the daily and weekly rhythm. None is ringing or
 * active: live calls come from live traffic (the demo's simulated app users), never from frozen rows.
 */
export async function seedCalls(input: StageInput, users: DemoUsers): Promise<DemoCalls> {
  const { now, counts } = input;
  const rng = Random.stream(input.seed, 'calls');
  const total = counts.calls;
  const rawStart = new Float64Array(total);
  for (let i = 0; i < total; i++) rawStart[i] = rhythmTime(rng, now - 90 * DAY, now - 2 * MINUTE);
  // From a stream of their own, so every other call is as it always was.
  const recent = Random.stream(input.seed, 'recent-failures');
  for (let i = Math.max(0, total - RECENT_FAILURES); i < total; i++)
    rawStart[i] = now - recent.between(3 * MINUTE, 50 * MINUTE);
  const order = orderByTime(rawStart);
  const c: DemoCalls = {
    count: total,
    ids: new Float64Array(total),
    startedAt: new Float64Array(total),
    endedAt: new Float64Array(total),
    caller: new Int32Array(total),
    callee: new Int32Array(total),
    type: new Uint8Array(total),
    status: new Uint8Array(total),
    duration: new Int32Array(total),
    coins: new Int32Array(total),
    quality: new Float64Array(total),
  };
  const cost = new Float64Array(total);
  const endReason: (string | null)[] = new Array(total).fill(null);
  const anonymous = new Uint8Array(total);

  for (let p = 0; p < total; p++) {
    const source = order[p] as number;
    const start = rawStart[source] as number;
    const type = TYPES.pick(rng);
    c.startedAt[p] = start;
    c.type[p] = type;
    anonymous[p] = rng.chance(0.03) ? 1 : 0;
    const picked = OUTCOMES.pick(rng);
    const outcome = source >= total - RECENT_FAILURES ? FAILED : picked;
    c.status[p] = outcome;
    c.caller[p] = pickUser(rng, users, start);
    c.callee[p] = pickOtherUser(rng, users, start, c.caller[p] as number);
    endReason[p] = (END_REASONS[outcome] as Weighted<string>).pick(rng);
    const maxSeconds = Math.floor((now - start) / 1000) - 5;
    let duration = 0;
    let quality = Number.NaN;
    let endOffset = rng.int(15, 45);
    if (outcome === COMPLETED || outcome === ENDED) {
      const median = MEDIAN_SECONDS[type] as number;
      duration = Math.round(Math.exp(Math.log(median) + rng.normal()));
      duration = Math.max(2, Math.min(3600, maxSeconds, duration));
      quality = answeredQuality(rng, type, endReason[p] === 'connection_lost');
      endOffset = duration;
    } else if (outcome === FAILED) {
      if (rng.chance(0.4)) {
        duration = Math.max(0, Math.min(maxSeconds, rng.int(1, 40)));
        quality = round(rng.between(0.3, 1.8), 1);
      }
      endOffset = duration + rng.int(2, 15);
    }
    const minutes = Math.ceil(duration / 60);
    const rate = CALL_RATES[type] as (typeof CALL_RATES)[number];
    c.duration[p] = duration;
    c.quality[p] = quality;
    c.coins[p] = minutes * rate.coins;
    cost[p] = round(minutes * rate.usd, 2);
    c.endedAt[p] = Math.min(start + endOffset * 1000, now - 1000);
  }

  const nullable = (v: number) => (Number.isNaN(v) ? null : v);
  const userId = (i: number) => (i < 0 ? null : (users.ids[i] as string));
  const username = (i: number) => (i < 0 ? null : (users.usernames[i] as string));
  c.ids = await insertInBatches(
    input.tx,
    callsTable,
    total,
    (p) => ({
      callerId: userId(c.caller[p] as number),
      calleeId: userId(c.callee[p] as number),
      callerUsername: username(c.caller[p] as number),
      calleeUsername: username(c.callee[p] as number),
      type: CALL_TYPES[c.type[p] as number] as (typeof CALL_TYPES)[number],
      status: CALL_STATUSES[c.status[p] as number] as (typeof CALL_STATUSES)[number],
      isAnonymous: anonymous[p] === 1,
      duration: c.duration[p] as number,
      quality: nullable(c.quality[p] as number),
      cost: cost[p] as number,
      coinsUsed: c.coins[p] as number,
      endReason: endReason[p] ?? null,
      startedAt: new Date(c.startedAt[p] as number),
      endedAt: new Date(c.endedAt[p] as number),
      createdAt: new Date(c.startedAt[p] as number),
    }),
    { returningId: true, progress: (done) => input.progress(done, total) },
  );
  return c;
}

/** 0-5 skewed high: most calls sound fine, video and group a little worse, a few are poor. */
function answeredQuality(rng: Random, type: number, dropped: boolean): number {
  if (dropped || rng.chance(0.06)) return round(rng.between(1, 2.6), 1);
  const q = 4.7 - Math.abs(rng.normal()) * 0.55 - type * 0.12;
  return round(Math.max(1, Math.min(5, q)), 1);
}
