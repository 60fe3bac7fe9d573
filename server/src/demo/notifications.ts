import {
  NOTIFICATION_AUDIENCES,
  NOTIFICATION_PRIORITIES,
  type NOTIFICATION_STATUSES,
  NOTIFICATION_TYPES,
  notificationRecipients,
  notifications,
} from '../db/schema/notifications.ts';
import { Random, Weighted } from '../synthetic/prng.ts';
import { type Audience, insertRecipientRows } from './audience.ts';
import { broadcastStamps, insertBroadcasts } from './broadcasts.ts';
import type { DemoUsers } from './demo-users.ts';
import { DAY, HOUR, MINUTE } from './rhythm.ts';
import type { StageInput } from './stage.ts';

type Status = (typeof NOTIFICATION_STATUSES)[number];
type NotificationType = (typeof NOTIFICATION_TYPES)[number];

const TEXTS: Record<NotificationType, readonly [string, string][]> = {
  info: [
    [
      'Group calls now support 8 people',
      'Invite up to eight friends to a single group call. Update the app to try it.',
    ],
    [
      'Scheduled maintenance on Sunday',
      'Calls may be briefly interrupted on Sunday between 02:00 and 02:30 UTC.',
    ],
    ['Tips for better call quality', 'Switch to Wi-Fi and close background apps for clearer video calls.'],
    ['New: call reactions', 'Send a quick emoji reaction during a call without interrupting.'],
  ],
  success: [
    ['Weekend double coins is live!', 'Every coin pack gives twice the coins until Sunday midnight.'],
    [
      'Android audio issue fixed',
      'The echo some Android users heard on speakerphone is fixed in version 4.2.1.',
    ],
    [
      'Your referral bonus has arrived',
      'Thanks for inviting friends: 50 coins were added for each new member.',
    ],
  ],
  warning: [
    [
      'Please update your app',
      'Versions older than 4.0 stop connecting calls on March 1. Update to keep calling.',
    ],
    [
      'Beware of phishing messages',
      'We never ask for your password or coins by message. Report anyone who does.',
    ],
    ['Unusual sign-in attempts', 'We blocked several sign-in attempts. Consider changing your password.'],
  ],
  error: [
    ['Payment processing delays', 'Some coin purchases are taking longer than usual. No payment is lost.'],
    ['Call connection issues in Europe', 'Some calls in Europe fail to connect. Our engineers are on it.'],
    ['Push notifications delayed', 'Incoming-call alerts may arrive late on iOS. A fix is rolling out.'],
  ],
};

const STATUSES = new Weighted<Status>([
  ['sent', 55],
  ['scheduled', 15],
  ['draft', 12],
  ['failed', 8],
  ['cancelled', 10],
]);
const TYPES = new Weighted<NotificationType>(
  NOTIFICATION_TYPES.map((t) => [t, t === 'info' ? 4 : 2] as const),
);
const PRIORITIES = new Weighted(
  NOTIFICATION_PRIORITIES.map((p, i) => [p, [20, 45, 25, 10][i] ?? 1] as const),
);
const AUDIENCES = new Weighted(NOTIFICATION_AUDIENCES.map((a, i) => [a, [45, 20, 10, 25][i] ?? 1] as const));

/** Notifications in every status; the sent ones with a recipient row per user reached, some read. */
export async function seedNotifications(input: StageInput, users: DemoUsers): Promise<number> {
  const { now, counts } = input;
  const rng = Random.stream(input.seed, 'notifications');
  const rows = Array.from({ length: counts.notifications }, (_, i) => {
    const status = STATUSES.cover(rng, i);
    const type = TYPES.pick(rng);
    const [title, message] = rng.pick(TEXTS[type]);
    const createdAt = now - createdAgo(rng, status);
    const isScheduled =
      status === 'scheduled' ||
      rng.chance({ sent: 0.25, cancelled: 0.7, draft: 0.15, failed: 0.2, scheduled: 1 }[status]);
    let scheduledAt: number | null = null;
    if (isScheduled) {
      scheduledAt =
        status === 'scheduled' || status === 'draft'
          ? now + rng.between(HOUR, 14 * DAY)
          : Math.min(now - MINUTE, createdAt + rng.between(10 * MINUTE, 2 * DAY));
    }
    const sentAt =
      status === 'sent'
        ? (scheduledAt ?? Math.min(now - MINUTE, createdAt + rng.between(MINUTE, 30 * MINUTE)))
        : null;
    return {
      title,
      message,
      type,
      priority: PRIORITIES.pick(rng),
      targetAudience: AUDIENCES.pick(rng) as Audience,
      isScheduled,
      scheduledAt: scheduledAt === null ? null : new Date(scheduledAt),
      status,
      ...broadcastStamps(rng, users, createdAt, sentAt),
    };
  });
  const ids = await insertBroadcasts(input, notifications, rows);

  const readRate = rows.map((row) => (row.targetAudience === 'admin' ? 0.9 : rng.between(0.3, 0.8)));
  const written = await insertRecipientRows(
    input,
    rng,
    users,
    notificationRecipients,
    rows.length,
    (i) => {
      const row = rows[i] as (typeof rows)[number];
      return row.sentAt ? { audience: row.targetAudience, at: row.sentAt.getTime() } : null;
    },
    (i, userId) => {
      const sentAt = (rows[i] as (typeof rows)[number]).sentAt?.getTime() ?? now;
      const delivered = Math.min(now, sentAt + rng.between(200, 30_000));
      const readAt = rng.chance(readRate[i] as number)
        ? delivered + rng.exponential(8 * HOUR)
        : Number.POSITIVE_INFINITY;
      return {
        notificationId: ids[i] as number,
        userId,
        deliveredAt: new Date(delivered),
        readAt: readAt < now ? new Date(readAt) : null,
      };
    },
  );
  return rows.length + written;
}

function createdAgo(rng: Random, status: Status): number {
  if (status === 'sent') return rng.between(HOUR, 60 * DAY);
  if (status === 'scheduled') return rng.between(HOUR, 5 * DAY);
  if (status === 'draft') return rng.between(10 * MINUTE, 10 * DAY);
  if (status === 'failed') return rng.between(HOUR, 30 * DAY);
  return rng.between(DAY, 40 * DAY);
}
