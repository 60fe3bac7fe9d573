import { sql } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { counterSum, readCounters } from './row-counts.ts';

/** The two numbers the console's live indicators show, from the counters kept on write. */
export async function readLiveCounts(db: Executor): Promise<{ onlineUsers: number; activeCalls: number }> {
  const counts = await readCounters(db, ['users.online', 'calls.status.ringing', 'calls.status.active']);
  return {
    onlineUsers: counts['users.online'],
    activeCalls: counts['calls.status.ringing'] + counts['calls.status.active'],
  };
}

/** The same two numbers as scalar subqueries, for a SELECT that reads more besides. */
export const liveCountColumns = {
  onlineUsers: counterSum('users.online'),
  activeCalls: sql`(${counterSum('calls.status.ringing')} + ${counterSum('calls.status.active')})`,
};
