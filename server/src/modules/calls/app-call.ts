import type { AppCall } from '@switchboard/contract/calling';
import type { CallRecord } from './call-row.ts';

/** A call row as its parties see it over the `/app` socket. */
export const toAppCall = (c: CallRecord): AppCall => ({
  id: c.id,
  type: c.type === 'video' ? 'video' : 'voice',
  status: c.status === 'completed' ? 'ended' : c.status,
  caller_id: c.callerId ?? '',
  caller_username: c.callerUsername ?? '',
  callee_id: c.calleeId ?? '',
  callee_username: c.calleeUsername ?? '',
  started_at: c.startedAt.toISOString(),
  answered_at: c.answeredAt?.toISOString() ?? null,
  ended_at: c.endedAt?.toISOString() ?? null,
  end_reason: c.endReason,
  duration: c.duration,
  quality: c.quality,
  coins_used: c.coinsUsed,
  reattach_by: c.reattachBy?.toISOString() ?? null,
});
