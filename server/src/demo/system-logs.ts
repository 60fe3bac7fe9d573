import { LOG_LEVELS, systemLogs } from '../db/schema/system.ts';
import { Random, Weighted } from '../synthetic/prng.ts';
import { insertInBatches } from './batch-insert.ts';
import type { DemoUsers } from './demo-users.ts';
import { DAY, MINUTE, rhythmTime } from './rhythm.ts';
import type { StageInput } from './stage.ts';

type Level = (typeof LOG_LEVELS)[number];

/** [module, message]; {n}, {ms}, {user} and {id} are filled in per row. */
const TEMPLATES: Record<Level, readonly (readonly [string, string])[]> = {
  DEBUG: [
    ['realtime', 'Socket {id} joined room presence'],
    ['calls', 'ICE candidate pair selected for call {id} (relay: no)'],
    ['database', 'Query plan cache hit ratio {n}%'],
    ['scheduler', 'Tick: {n} scheduled notifications checked'],
    ['http', 'GET /api/v1/admin/calls answered in {ms} ms'],
  ],
  INFO: [
    ['auth', 'User @{user} signed in'],
    ['calls', 'Call {id} ended normally after {n} s'],
    ['coins', 'Coin purchase completed for @{user}'],
    ['notifications', 'Notification {id} delivered to {n} recipients'],
    ['realtime', '{n} clients connected'],
    ['backup', 'Scheduled backup finished in {ms} ms'],
    ['users', 'New account registered: @{user}'],
  ],
  WARNING: [
    ['http', 'Slow request: GET /api/v1/admin/dashboard took {ms} ms'],
    ['calls', 'High packet loss ({n}%) on call {id}'],
    ['security', 'Rate limit reached by a client ({n} requests per minute)'],
    ['database', 'Connection pool at {n}% of capacity'],
    ['notifications', 'Push provider answered slowly ({ms} ms)'],
  ],
  ERROR: [
    ['calls', 'Call {id} failed: ICE negotiation timed out'],
    ['coins', 'Payment provider rejected a purchase for @{user}'],
    ['notifications', 'Push delivery failed for {n} devices'],
    ['http', 'Unhandled error on POST /api/v1/calls/{id}/end'],
  ],
  CRITICAL: [
    ['database', 'Database connection lost; reconnected after {ms} ms'],
    ['storage', 'Disk usage above 95% on the data volume'],
    ['realtime', 'Redis adapter disconnected; events are not shared between nodes'],
  ],
};
const LEVELS = new Weighted<Level>([
  ['INFO', 50],
  ['DEBUG', 25],
  ['WARNING', 15],
  ['ERROR', 8],
  ['CRITICAL', 2],
]);

/** Log lines at all five levels from several modules over the last week. */
export async function seedSystemLogs(input: StageInput, users: DemoUsers): Promise<number> {
  const { now, counts } = input;
  const rng = Random.stream(input.seed, 'system-logs');
  const total = counts.systemLogs;
  const times = new Float64Array(total);
  for (let i = 0; i < total; i++) times[i] = rhythmTime(rng, now - 7 * DAY, now - MINUTE);
  times.sort();
  // Cover every level: the i-th of the first five rows (spread over the week) takes the i-th level.
  const forced = new Map(LOG_LEVELS.map((level, k) => [Math.floor((k * total) / LOG_LEVELS.length), level]));
  await insertInBatches(
    input.tx,
    systemLogs,
    total,
    (i) => {
      const level = forced.get(i) ?? LEVELS.pick(rng);
      const [module, template] = rng.pick(TEMPLATES[level]);
      const u =
        users.count > 0 && (template.includes('{user}') || rng.chance(0.3)) ? rng.below(users.count) : -1;
      const message = template
        .replace('{n}', String(rng.int(2, 98)))
        .replace('{ms}', String(rng.int(120, 4_800)))
        .replace('{id}', String(rng.int(1, 999_999)))
        .replace('{user}', u >= 0 ? (users.usernames[u] as string) : 'guest');
      return {
        level,
        message,
        module,
        userId: u >= 0 ? (users.ids[u] as string) : null,
        ipAddress: rng.chance(0.5) ? `198.${rng.int(18, 19)}.${rng.int(0, 255)}.${rng.int(1, 254)}` : null,
        details:
          level === 'ERROR' || level === 'CRITICAL'
            ? { host: `node-${rng.int(1, 3)}`, pid: rng.int(1000, 9999) }
            : null,
        createdAt: new Date(times[i] as number),
      };
    },
    { progress: (done) => input.progress(done, total) },
  );
  return total;
}
