import type { CallRow } from '@switchboard/contract/calls';
import { formatUsdCents } from '@/lib/format.ts';

/** Costs arrive in dollars; the shared formatter takes cents. */
export const formatCost = (usd: number) => formatUsdCents(Math.round(usd * 100));
export const formatQuality = (quality: number | null) =>
  quality === null ? 'N/A' : `${quality.toFixed(1)}/5`;
export const partyName = (username: string | null, anonymous: boolean) =>
  anonymous ? 'Anonymous' : (username ?? 'Unknown');
export const callTitle = (call: CallRow) =>
  `${partyName(call.caller_username, call.is_anonymous)} → ${partyName(call.callee_username, false)}`;
export const isLive = (call: CallRow) => call.status === 'active' || call.status === 'ringing';
/**
 * A connected call's record says 0 s until it ends; while it runs, the time since it started tells an
 * admin how long it has been going (a call stuck "active" for hours stands out).
 */
export const runningSeconds = (call: CallRow, now: number = Date.now()): number | null =>
  call.status === 'active' ? Math.max(0, (now - Date.parse(call.started_at)) / 1000) : null;
export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
