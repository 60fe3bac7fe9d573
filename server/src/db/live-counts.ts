import type { Executor } from './client.ts';
import { counterSum, readCounters } from './row-counts.ts';

/**
 * The console's live numbers, from the counters kept on write. An active call is a connected one;
 * a ringing call is not active yet and is counted apart, so every screen means the same by "active".
 */
export async function readLiveCounts(
  db: Executor,
): Promise<{ onlineUsers: number; activeCalls: number; ringingCalls: number }> {
  const counts = await readCounters(db, ['users.online', 'calls.status.ringing', 'calls.status.active']);
  return {
    onlineUsers: counts['users.online'],
    activeCalls: counts['calls.status.active'],
    ringingCalls: counts['calls.status.ringing'],
  };
}

/** The same numbers as scalar subqueries, for a SELECT that reads more besides. */
export const liveCountColumns = {
  onlineUsers: counterSum('users.online'),
  activeCalls: counterSum('calls.status.active'),
  ringingCalls: counterSum('calls.status.ringing'),
};
