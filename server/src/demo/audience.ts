import type { PgTable } from 'drizzle-orm/pg-core';
import type { Random } from '../synthetic/prng.ts';
import { insertInBatches } from './batch-insert.ts';
import type { DemoUsers } from './demo-users.ts';
import type { StageInput } from './stage.ts';

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

/**
 * The recipient rows of a set of broadcasts: `reach(i)` says whom broadcast i went to and when (null for
 * one never sent); `makeRow(i, userId)` builds each row. Parallel number arrays rather than objects, since
 * a broadcast to 100k users is 100k rows. Returns how many rows it wrote.
 */
export async function insertRecipientRows<T extends PgTable>(
  input: StageInput,
  rng: Random,
  users: DemoUsers,
  table: T,
  broadcasts: number,
  reach: (i: number) => { audience: Audience; at: number } | null,
  makeRow: (i: number, userId: string) => T['$inferInsert'],
): Promise<number> {
  const rowOf: number[] = [];
  const memberOf: number[] = [];
  for (let i = 0; i < broadcasts; i++) {
    const target = reach(i);
    if (!target) continue;
    for (const member of audienceMembers(rng, users, target.audience, target.at)) {
      rowOf.push(i);
      memberOf.push(member);
    }
  }
  await insertInBatches(
    input.tx,
    table,
    rowOf.length,
    (k) => makeRow(rowOf[k] as number, recipientId(users, memberOf[k] as number)),
    { batchSize: 10_000, progress: (done) => input.progress(done, rowOf.length) },
  );
  return rowOf.length;
}
