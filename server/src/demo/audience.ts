import type { DemoUsers } from './demo-users.ts';
import type { Random } from './prng.ts';

export type Audience = 'all' | 'premium' | 'admin' | 'specific';

/**
 * Who a broadcast reached: user indexes, with admins encoded as -1, -2, … (recipientId decodes).
 * Only active users who already existed at `at`.
 */
export function audienceMembers(rng: Random, users: DemoUsers, audience: Audience, at: number): number[] {
  const admins = users.admins.map((_, k) => -1 - k);
  if (audience === 'admin') return admins;
  const members: number[] = [];
  for (let i = 0; i < users.count && (users.createdAt[i] as number) <= at; i++) {
    if (!users.active[i]) continue;
    if (audience !== 'premium' || users.premium[i]) members.push(i);
  }
  if (audience === 'all') return [...admins, ...members];
  if (audience === 'premium') return members;
  const chosen = new Set<number>();
  const want = Math.min(members.length, rng.int(3, 40));
  while (chosen.size < want) chosen.add(members[rng.below(members.length)] as number);
  return [...chosen].sort((a, b) => a - b);
}

export function recipientId(users: DemoUsers, member: number): string {
  return member < 0 ? (users.admins[-1 - member]?.id as string) : (users.ids[member] as string);
}
