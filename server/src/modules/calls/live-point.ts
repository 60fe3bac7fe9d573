import type { LivePoint } from '@switchboard/contract/monitoring';
import type { Executor } from '../../db/client.ts';
import { readLiveCounts } from '../../db/live-counts.ts';
import { callsSince } from './calls-stats.repository.ts';

/** The window the poor-call share is taken over, as the quality alert takes it. */
const POOR_SHARE_MINUTES = 5;

/**
 * One moment of the living system for the Real-time Monitor's charts: the live counters, and two short
 * ranges of calls over the started_at index (a minute of attempts, five minutes for the poor-call share).
 */
export async function readLivePoint(db: Executor, at = new Date()): Promise<LivePoint> {
  const [counts, lastMinute, lastFive] = await Promise.all([
    readLiveCounts(db),
    callsSince(db, new Date(at.getTime() - 60_000)),
    callsSince(db, new Date(at.getTime() - POOR_SHARE_MINUTES * 60_000)),
  ]);
  return {
    at: at.toISOString(),
    online_users: counts.onlineUsers,
    active_calls: counts.activeCalls,
    ringing_calls: counts.ringingCalls,
    call_attempts_per_minute: lastMinute.calls,
    poor_call_share: lastFive.calls ? lastFive.flagged / lastFive.calls : 0,
  };
}
