import type { CallRow } from '@switchboard/contract/calls';
import type { calls } from '../../db/schema/calls.ts';
import { isoTimestamp } from '../../db/timestamp-text.ts';

export type CallRecord = typeof calls.$inferSelect;

/** The list's columns in raw SQL, with the cursor's sort key as PostgreSQL prints it. */
export const CALL_COLUMNS = `id, caller_id, callee_id, caller_username, callee_username, status, duration, quality,
  started_at, ended_at, type, is_anonymous, cost, coins_used, created_at, end_reason, quality_flags,
  started_at::text as sort_key`;

export interface RawCall {
  id: string | number;
  caller_id: string | null;
  callee_id: string | null;
  caller_username: string | null;
  callee_username: string | null;
  status: CallRow['status'];
  duration: number;
  quality: number | string | null;
  started_at: string | Date;
  ended_at: string | Date | null;
  type: CallRow['type'];
  is_anonymous: boolean;
  cost: string | number;
  coins_used: number;
  created_at: string | Date;
  end_reason: string | null;
  quality_flags: CallRow['quality_flags'];
  sort_key: string;
}

export const toRow = ({ sort_key: _, ...r }: RawCall): CallRow => ({
  ...r,
  id: Number(r.id),
  quality: r.quality === null ? null : Number(r.quality),
  cost: Number(r.cost),
  started_at: isoTimestamp(r.started_at),
  ended_at: r.ended_at === null ? null : isoTimestamp(r.ended_at),
  created_at: isoTimestamp(r.created_at),
});

export const recordToRow = (c: CallRecord): CallRow => ({
  id: c.id,
  caller_id: c.callerId,
  callee_id: c.calleeId,
  caller_username: c.callerUsername,
  callee_username: c.calleeUsername,
  status: c.status,
  duration: c.duration,
  quality: c.quality,
  started_at: c.startedAt.toISOString(),
  ended_at: c.endedAt?.toISOString() ?? null,
  type: c.type,
  is_anonymous: c.isAnonymous,
  cost: c.cost,
  coins_used: c.coinsUsed,
  created_at: c.createdAt.toISOString(),
  end_reason: c.endReason,
  quality_flags: c.qualityFlags,
});
