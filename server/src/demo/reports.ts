import { REPORT_STATUSES, REPORT_TYPES, userReports } from '../db/schema/reports.ts';
import { Random, Weighted } from '../synthetic/prng.ts';
import { insertInBatches } from './batch-insert.ts';
import { type DemoUsers, pickOtherUser, pickUser } from './demo-users.ts';
import { DAY, HOUR, MINUTE } from './rhythm.ts';
import type { StageInput } from './stage.ts';

type ReportType = (typeof REPORT_TYPES)[number];
type ReportStatus = (typeof REPORT_STATUSES)[number];

const REASONS: Record<ReportType, readonly string[]> = {
  harassment: ['Threatening messages', 'Keeps calling after being blocked', 'Insults during calls'],
  spam: ['Sends the same link to everyone', 'Mass friend requests', 'Advertises coin sales'],
  inappropriate_content: [
    'Inappropriate video during a call',
    'Offensive profile picture',
    'Explicit messages',
  ],
  fake_profile: ['Pretends to be a celebrity', 'Uses someone else’s photos', 'Claims to be support staff'],
};
const DESCRIPTIONS = [
  'This has happened several times this week.',
  'I blocked them but they made a new account.',
  'Screenshots available on request.',
  'Other people in my group complained too.',
];
const NOTES: Partial<Record<ReportStatus, readonly string[]>> = {
  resolved: [
    'Warned the user and removed the content.',
    'Account suspended for 7 days.',
    'Confirmed from message history; user warned and messages deleted.',
    'Profile photo removed, account verified again.',
  ],
  dismissed: [
    'No violation found in the call logs.',
    'Duplicate of an earlier report.',
    'The reporter withdrew the complaint.',
  ],
};
const STATUSES = new Weighted(REPORT_STATUSES.map((s, i) => [s, [40, 15, 30, 15][i] ?? 1] as const));
const TYPES = new Weighted(REPORT_TYPES.map((t, i) => [t, [35, 30, 20, 15][i] ?? 1] as const));

/** User reports of all four types in all four statuses; most of them about a few repeat offenders. */
export async function seedReports(input: StageInput, users: DemoUsers): Promise<number> {
  const { now, counts } = input;
  const rng = Random.stream(input.seed, 'reports');
  const offenders = Array.from({ length: Math.max(3, Math.round(users.count * 0.03)) }, () =>
    rng.below(users.count),
  );
  const rows = Array.from({ length: counts.reports }, (_, i) => {
    const status = STATUSES.cover(rng, i);
    const reportType = TYPES.cover(rng, i);
    const created =
      now - (status === 'pending' ? rng.between(10 * MINUTE, 10 * DAY) : rng.between(DAY, 60 * DAY));
    const reporter = pickUser(rng, users, created);
    let reported = rng.chance(0.7)
      ? (rng.pick(offenders) as number)
      : pickOtherUser(rng, users, created, reporter);
    if (reported === reporter || (users.createdAt[reported] as number) > created) {
      reported = pickOtherUser(rng, users, created, reporter);
    }
    const updated = status === 'pending' ? created : Math.min(now, created + rng.between(HOUR, 5 * DAY));
    const notes = NOTES[status];
    return {
      reportType,
      reporterId: reporter < 0 ? null : (users.ids[reporter] as string),
      reportedUserId: reported < 0 ? null : (users.ids[reported] as string),
      reason: rng.pick(REASONS[reportType]),
      description: rng.chance(0.6) ? rng.pick(DESCRIPTIONS) : null,
      status,
      resolutionNotes: notes ? rng.pick(notes) : null,
      resolvedBy: status === 'pending' ? null : rng.pick(users.admins).id,
      createdAt: new Date(created),
      updatedAt: new Date(updated),
    };
  }).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  await insertInBatches(input.tx, userReports, rows.length, (i) => rows[i] as (typeof rows)[number], {
    progress: (done) => input.progress(done, rows.length),
  });
  return rows.length;
}
