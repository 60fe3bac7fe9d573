import { count, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { readCounters } from '../db/row-counts.ts';
import { calls } from '../db/schema/calls.ts';

/** The two numbers the console's live indicators show: a counter, and a count over a btree index. */
export async function readLiveCounts(db: Executor): Promise<{ onlineUsers: number; activeCalls: number }> {
  const [online, [active]] = await Promise.all([
    readCounters(db, ['users.online']),
    db
      .select({ n: count() })
      .from(calls)
      .where(inArray(calls.status, ['ringing', 'active'])),
  ]);
  return { onlineUsers: online['users.online'], activeCalls: active?.n ?? 0 };
}
