import {
  FRIEND_REQUEST_STATUSES,
  follows,
  friendRequests,
  type LIKE_TARGET_TYPES,
  likes,
} from '../db/schema/social.ts';
import { Random, Weighted } from '../synthetic/prng.ts';
import { insertInBatches } from './batch-insert.ts';
import type { DemoCalls } from './demo-calls.ts';
import { type DemoUsers, pickOtherUser, pickUser } from './demo-users.ts';
import type { DemoMessages } from './messages.ts';
import { DAY, MINUTE, rhythmTime } from './rhythm.ts';
import type { StageInput } from './stage.ts';

type LikeRow = typeof likes.$inferInsert;
type FriendRequestRow = typeof friendRequests.$inferInsert;
type FollowRow = typeof follows.$inferInsert;
type TargetType = (typeof LIKE_TARGET_TYPES)[number];

const TARGETS = new Weighted<TargetType>([
  ['profile', 55],
  ['post', 20],
  ['call', 15],
  ['message', 10],
]);
const REQUEST_STATUSES = new Weighted(
  FRIEND_REQUEST_STATUSES.map((s, i) => [s, [30, 55, 15][i] ?? 1] as const),
);
const REQUEST_MESSAGES = [
  'Hi! We met at the conference last week.',
  'Let’s connect!',
  'Hey, it’s me from the football club 😄',
  'Great talking to you earlier',
  'Friend of Anna’s, nice to meet you',
  'Hello from the language exchange group',
];
/** Popular users get followed as creators. */
const CREATOR_POPULARITY = 0.75;

/** Draws times sorted ascending, so ids follow time. */
function sortedTimes(rng: Random, n: number, from: number, to: number): Float64Array {
  const times = new Float64Array(n);
  for (let i = 0; i < n; i++) times[i] = rhythmTime(rng, from, to);
  return times.sort();
}

/** Index of the last element <= t in a sorted array, plus one. */
function countUpTo(sorted: Float64Array, t: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as number) <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export async function seedLikes(
  input: StageInput,
  users: DemoUsers,
  calls: DemoCalls,
  messages: DemoMessages,
): Promise<number> {
  const { now } = input;
  const rng = Random.stream(input.seed, 'likes');
  const seen = new Set<string>();
  const rows: LikeRow[] = [];
  for (const t of sortedTimes(rng, input.counts.likes, now - 180 * DAY, now - MINUTE)) {
    const u = pickUser(rng, users, t);
    if (u < 0) continue;
    let targetType = TARGETS.pick(rng);
    let targetId: string | null = null;
    const calls_ = countUpTo(calls.startedAt, t);
    const messages_ = countUpTo(messages.createdAt, t);
    if (targetType === 'call' && calls_ > 0) targetId = String(calls.ids[rng.below(calls_)]);
    else if (targetType === 'message' && messages_ > 0) targetId = String(messages.ids[rng.below(messages_)]);
    else if (targetType === 'post') targetId = `post_${rng.int(1, users.count * 3)}`;
    else {
      targetType = 'profile';
      const other = pickOtherUser(rng, users, t, u, users.popularity);
      targetId = other < 0 ? null : (users.ids[other] as string);
    }
    const key = `${u}:${targetType}:${targetId}`;
    if (targetId === null || seen.has(key)) continue;
    seen.add(key);
    rows.push({
      userId: users.ids[u] as string,
      targetType,
      targetId,
      isActive: rng.chance(0.92),
      createdAt: new Date(t),
    });
  }
  await insertInBatches(input.tx, likes, rows.length, (i) => rows[i] as LikeRow, {
    progress: (done) => input.progress(done, rows.length),
  });
  return rows.length;
}

/** Friend requests in all three statuses; one per pair of users in either direction. */
export async function seedFriendRequests(input: StageInput, users: DemoUsers): Promise<number> {
  const { now } = input;
  const rng = Random.stream(input.seed, 'friend-requests');
  const pairs = new Set<number>();
  const rows: FriendRequestRow[] = [];
  for (const t of sortedTimes(rng, input.counts.friendRequests, now - 365 * DAY, now - MINUTE)) {
    const sender = pickUser(rng, users, t);
    const receiver = pickOtherUser(rng, users, t, sender, users.popularity);
    if (sender < 0 || receiver < 0) continue;
    const key = Math.min(sender, receiver) * users.count + Math.max(sender, receiver);
    if (pairs.has(key)) continue;
    pairs.add(key);
    const status = REQUEST_STATUSES.cover(rng, rows.length);
    const respondedAt =
      status === 'pending' ? null : new Date(Math.min(now - 1_000, t + rng.exponential(DAY)));
    rows.push({
      senderId: users.ids[sender] as string,
      receiverId: users.ids[receiver] as string,
      status,
      message: rng.chance(0.5) ? rng.pick(REQUEST_MESSAGES) : null,
      isRead: respondedAt !== null || rng.chance(0.4),
      respondedAt,
      createdAt: new Date(t),
      updatedAt: respondedAt ?? new Date(t),
    });
  }
  await insertInBatches(input.tx, friendRequests, rows.length, (i) => rows[i] as FriendRequestRow, {
    progress: (done) => input.progress(done, rows.length),
  });
  return rows.length;
}

/** Follows toward popular users; one per ordered pair, never oneself. */
export async function seedFollows(input: StageInput, users: DemoUsers): Promise<number> {
  const { now } = input;
  const rng = Random.stream(input.seed, 'follows');
  const pairs = new Set<number>();
  const rows: FollowRow[] = [];
  for (const t of sortedTimes(rng, input.counts.follows, now - 365 * DAY, now - MINUTE)) {
    const follower = pickUser(rng, users, t);
    const following = pickOtherUser(rng, users, t, follower, users.popularity);
    if (follower < 0 || following < 0) continue;
    const key = follower * users.count + following;
    if (pairs.has(key)) continue;
    pairs.add(key);
    rows.push({
      followerId: users.ids[follower] as string,
      followingId: users.ids[following] as string,
      followType: (users.popularity[following] as number) > CREATOR_POPULARITY ? 'creator' : 'user',
      notificationsEnabled: rng.chance(0.75),
      isActive: rng.chance(0.93),
      createdAt: new Date(t),
    });
  }
  await insertInBatches(input.tx, follows, rows.length, (i) => rows[i] as FollowRow, {
    progress: (done) => input.progress(done, rows.length),
  });
  return rows.length;
}
