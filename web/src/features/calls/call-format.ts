import { CALL_FAILURE_REASON_LABELS } from '@switchboard/contract/call-end-reasons';
import { anonymousCallerName, type CallRow, type CallView } from '@switchboard/contract/calls';
import { formatCoins, formatMoney } from '@/lib/format.ts';

export const formatQuality = (quality: number | null) =>
  quality === null ? 'N/A' : `${quality.toFixed(1)}/5`;

/** An active call's newest MOS, marked live; otherwise the call's stored figure. */
export const callQualityText = (call: CallView) =>
  call.status === 'active' && call.live_mos !== null
    ? `${formatQuality(call.live_mos)} (live)`
    : formatQuality(call.quality);

/** Coins, the unit calls are billed in: "4 coins", "1 coin". */
export const coinsText = (coins: number) => `${formatCoins(coins)} ${coins === 1 ? 'coin' : 'coins'}`;

/**
 * A call's cost as the server gives it: its coins (so far, while active) and, beside them, their money
 * value at the package price when a paid package is on sale: { coins: "4 coins", money: "$0.03" }.
 */
export function callCost(call: CallView): { coins: string; money: string | null; running: boolean } {
  const running = call.status === 'active' && call.running_coins !== null;
  return {
    coins: coinsText(running ? (call.running_coins ?? 0) : call.coins_used),
    money: call.cost_value && formatMoney(call.cost_value.cents, call.cost_value.currency),
    running,
  };
}
/** A party's name; an anonymous caller is marked so, with the username an admin may still see. */
export const partyName = (username: string | null, anonymous: boolean) =>
  anonymous ? anonymousCallerName(username) : (username ?? 'Unknown');
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

/** Why a call ended, in words (the stored code when it has none): null while it has no reason. */
export const endReasonText = (reason: string | null) =>
  reason === null ? null : (CALL_FAILURE_REASON_LABELS[reason] ?? reason.replace(/_/g, ' '));

/** Five minutes either side of the call's start (to its end, when later): where its server logs are. */
export function logsAroundCall(call: Pick<CallRow, 'started_at' | 'ended_at'>): string {
  const start = Date.parse(call.started_at);
  const end = Math.max(start, call.ended_at ? Date.parse(call.ended_at) : start);
  const query = new URLSearchParams({
    tab: 'search',
    start: new Date(start - 5 * 60_000).toISOString(),
    end: new Date(end + 5 * 60_000).toISOString(),
  });
  return `/system-logs?${query}`;
}
