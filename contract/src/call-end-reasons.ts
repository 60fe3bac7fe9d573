/**
 * Why calls ended the way they did (`end_reason`). The calling server stores the first group; seeded
 * history also carries the reasons a client reports (network_error, ice_failed, ...).
 */
export const CALL_FAILURE_REASON_LABELS: Record<string, string> = {
  insufficient_coins: 'Not enough coins',
  maintenance: 'Maintenance mode',
  peer_disconnected: 'Peer disconnected',
  disconnected: 'Disconnected',
  ring_timeout: 'No answer',
  no_answer: 'No answer',
  cancelled: 'Cancelled by caller',
  declined: 'Declined',
  busy: 'Busy',
  network_error: 'Network error',
  ice_failed: 'Connection (ICE) failed',
  media_timeout: 'Media timed out',
  server_error: 'Server error',
  connection_lost: 'Connection lost',
  coins_exhausted: 'Coins ran out',
  max_duration: 'Length limit reached',
  admin_ended: 'Ended by an admin',
  hangup: 'Hung up',
  caller_hangup: 'Caller hung up',
  callee_hangup: 'Callee hung up',
};
