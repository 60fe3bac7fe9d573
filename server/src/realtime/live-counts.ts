import { count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { calls } from '../db/schema/calls.ts';
import { users } from '../db/schema/users.ts';

/** The two numbers the console's live indicators show; both are served by partial/btree indexes. */
export async function readLiveCounts(db: Executor): Promise<{ onlineUsers: number; activeCalls: number }> {
  const [[online], [active]] = await Promise.all([
    db.select({ n: count() }).from(users).where(eq(users.isOnline, true)),
    db
      .select({ n: count() })
      .from(calls)
      .where(inArray(calls.status, ['ringing', 'active'])),
  ]);
  return { onlineUsers: online?.n ?? 0, activeCalls: active?.n ?? 0 };
}
