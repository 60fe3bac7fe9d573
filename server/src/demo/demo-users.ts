import type { Random } from '../synthetic/prng.ts';

export interface DemoAdmin {
  id: string;
  username: string;
}

/** What later generators need to know about the users, kept in typed arrays so 100k users stay small. */
export interface DemoUsers {
  /** Calling-app users (admins excluded), sorted by created_at ascending. */
  count: number;
  ids: string[];
  usernames: string[];
  createdAt: Float64Array;
  /** 0..1: how often the user calls, messages and spends. */
  activity: Float32Array;
  /** 0..1: how often others like, follow and befriend the user (heavy-tailed). */
  popularity: Float32Array;
  online: Uint8Array;
  active: Uint8Array;
  premium: Uint8Array;
  /** Index into CITIES. */
  city: Uint16Array;
  admins: DemoAdmin[];
}

/** How many users existed at time t (createdAt is sorted). */
export function usersCreatedBefore(users: DemoUsers, t: number): number {
  let lo = 0;
  let hi = users.count;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((users.createdAt[mid] as number) <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * A user who already existed at time t, drawn in proportion to weights (activity by default);
 * -1 when nobody existed yet.
 */
export function pickUser(
  rng: Random,
  users: DemoUsers,
  t: number,
  weights: Float32Array = users.activity,
): number {
  const k = usersCreatedBefore(users, t);
  if (k === 0) return -1;
  for (let tries = 0; tries < 40; tries++) {
    const i = rng.below(k);
    if (rng.next() < (weights[i] as number)) return i;
  }
  return rng.below(k);
}

/** Like pickUser, but never `other`; -1 when no such user existed at time t. */
export function pickOtherUser(
  rng: Random,
  users: DemoUsers,
  t: number,
  other: number,
  weights: Float32Array = users.activity,
): number {
  if (usersCreatedBefore(users, t) < 2) return -1;
  for (;;) {
    const i = pickUser(rng, users, t, weights);
    if (i !== other) return i;
  }
}
