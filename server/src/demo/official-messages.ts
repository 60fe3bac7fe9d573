import {
  OFFICIAL_MESSAGE_PRIORITIES,
  type OFFICIAL_MESSAGE_STATUSES,
  OFFICIAL_MESSAGE_TYPES,
  officialMessageRecipients,
  officialMessages,
} from '../db/schema/official-messages.ts';
import { Random, Weighted } from '../synthetic/prng.ts';
import { insertRecipientRows } from './audience.ts';
import { broadcastStamps, insertBroadcasts } from './broadcasts.ts';
import type { DemoUsers } from './demo-users.ts';
import { DAY, HOUR, MINUTE } from './rhythm.ts';
import type { StageInput } from './stage.ts';

type Status = (typeof OFFICIAL_MESSAGE_STATUSES)[number];
type MessageType = (typeof OFFICIAL_MESSAGE_TYPES)[number];

const TEXTS: Record<MessageType, readonly [string, string][]> = {
  announcement: [
    [
      'Welcome to Switchboard 4.0',
      'A fresh look, faster connections and group calls for up to eight people. Thank you for calling with us.',
    ],
    [
      'Our community guidelines have been updated',
      'We clarified what counts as harassment and spam. Please take a minute to read them.',
    ],
  ],
  notification: [
    [
      'Your monthly call summary is ready',
      'See who you talked to most and how many minutes you spent on calls this month.',
    ],
    ['Coin prices in your region', 'Coin packs are now priced in your local currency.'],
  ],
  update: [
    [
      'Version 4.2 is available',
      'Noise suppression for voice calls, better video in low light, and many bug fixes.',
    ],
    ['New privacy controls', 'Choose who can call you: everyone, friends only, or nobody.'],
  ],
  warning: [
    [
      'Protect your account',
      'Scammers pretend to be our support team. We never ask for your password or coins.',
    ],
    [
      'Old app versions will stop working',
      'Please update: versions older than 4.0 will no longer connect calls from next month.',
    ],
  ],
  maintenance: [
    [
      'Planned maintenance this weekend',
      'Calls may drop for up to 10 minutes on Saturday between 03:00 and 04:00 UTC.',
    ],
    ['Database upgrade completed', 'Thank you for your patience during last night’s maintenance window.'],
  ],
};

const STATUSES = new Weighted<Status>([
  ['sent', 50],
  ['draft', 15],
  ['sending', 8],
  ['failed', 10],
  ['cancelled', 15],
]);
const TYPES = new Weighted(OFFICIAL_MESSAGE_TYPES.map((t) => [t, 1] as const));
const PRIORITIES = new Weighted(
  OFFICIAL_MESSAGE_PRIORITIES.map((p, i) => [p, [15, 45, 22, 12, 6][i] ?? 1] as const),
);
const CREATED_AGO: Record<Status, [number, number]> = {
  sent: [HOUR, 90 * DAY],
  draft: [10 * MINUTE, 7 * DAY],
  sending: [2 * MINUTE, 20 * MINUTE],
  failed: [DAY, 30 * DAY],
  cancelled: [DAY, 60 * DAY],
};
/** Share of recipients reached, by status: a failed send reached a few, one still sending about half. */
const DELIVERED: Partial<Record<Status, number>> = { sent: 0.98, sending: 0.55, failed: 0.15 };

/** Official messages in every status; sent, sending and failed ones with delivered/read/acknowledged rows. */
export async function seedOfficialMessages(input: StageInput, users: DemoUsers): Promise<number> {
  const { now, counts } = input;
  const rng = Random.stream(input.seed, 'official-messages');
  const rows = Array.from({ length: counts.officialMessages }, (_, i) => {
    const status = STATUSES.cover(rng, i);
    const messageType = TYPES.pick(rng);
    const [title, content] = rng.pick(TEXTS[messageType]);
    const priority = PRIORITIES.pick(rng);
    const [minAgo, maxAgo] = CREATED_AGO[status];
    const createdAt = now - rng.between(minAgo, maxAgo);
    const sentAt =
      status === 'sent' || status === 'sending'
        ? Math.min(now - MINUTE, createdAt + rng.between(MINUTE, 10 * MINUTE))
        : null;
    return {
      title,
      content,
      messageType,
      priority,
      isImportant: ['high', 'urgent', 'critical'].includes(priority) || rng.chance(0.1),
      isSticky: rng.chance(0.12),
      isUrgent: priority === 'urgent' || priority === 'critical',
      imageUrl: null,
      imageAlt: null,
      status,
      ...broadcastStamps(rng, users, createdAt, sentAt),
    };
  });
  const ids = await insertBroadcasts(input, officialMessages, rows);

  const attemptAt = rows.map((row) => row.sentAt?.getTime() ?? row.createdAt.getTime() + 2 * MINUTE);
  const readRate = rows.map(() => rng.between(0.3, 0.7));
  const written = await insertRecipientRows(
    input,
    rng,
    users,
    officialMessageRecipients,
    rows.length,
    (i) =>
      DELIVERED[(rows[i] as (typeof rows)[number]).status] === undefined
        ? null
        : { audience: 'all', at: attemptAt[i] as number },
    (i, userId) => {
      const row = rows[i] as (typeof rows)[number];
      const delivered = rng.chance(DELIVERED[row.status] ?? 0)
        ? Math.min(now, (attemptAt[i] as number) + rng.between(1_000, 10 * MINUTE))
        : null;
      const read =
        delivered !== null && rng.chance(readRate[i] as number)
          ? delivered + rng.exponential(10 * HOUR)
          : null;
      const acknowledged =
        read !== null && rng.chance(row.isImportant ? 0.6 : 0.2) ? read + rng.exponential(30 * MINUTE) : null;
      const past = (t: number | null) => (t !== null && t < now ? new Date(t) : null);
      const readAt = past(read);
      return {
        messageId: ids[i] as number,
        userId,
        deliveredAt: past(delivered) ?? (delivered === null ? null : new Date(now)),
        readAt,
        acknowledgedAt: readAt ? past(acknowledged) : null,
      };
    },
  );
  return rows.length + written;
}
