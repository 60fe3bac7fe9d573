import type { CallRefusalCode } from './calling.ts';

/**
 * Refusals that say "not now" rather than "no": the other party's socket is moving to another instance,
 * or the link between instances (Redis) is down, or the server stops. The same event, sent again a little
 * later, may well be delivered; any other refusal would only be refused again.
 */
export const RETRYABLE_REFUSALS: readonly CallRefusalCode[] = ['unavailable'];

/** How an app sends a relayed event again: the waits between tries, doubling up to the last. */
export const RELAY_RETRY_DELAYS_MS = [250, 500, 1000, 2000, 2000] as const;

type Ack = { ok: true } | { ok: false; code: CallRefusalCode; message: string };

/**
 * Sends an event whose acknowledgement says whether it was delivered (`call_description`,
 * `call_ice_candidate`, `call_reattach`), again after each retryable refusal or lost answer, until it is
 * delivered, refused for good, no longer wanted (the call ended meanwhile) or the tries run out. Answers
 * the last acknowledgement. `send` is socket.io's `socket.timeout(ms).emitWithAck(event, payload)`.
 */
export async function sendWithRetry<A extends Ack>(
  send: () => Promise<A>,
  {
    delaysMs = RELAY_RETRY_DELAYS_MS,
    stillWanted = () => true,
    sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  }: {
    delaysMs?: readonly number[];
    stillWanted?: () => boolean;
    sleep?: (ms: number) => Promise<void>;
  } = {},
): Promise<A | { ok: false; code: 'unavailable'; message: string }> {
  let last: A | { ok: false; code: 'unavailable'; message: string } = {
    ok: false,
    code: 'unavailable',
    message: 'No answer from the server',
  };
  for (let attempt = 0; attempt <= delaysMs.length; attempt += 1) {
    if (attempt > 0) {
      await sleep(delaysMs[attempt - 1] ?? 0);
      if (!stillWanted()) return last;
    }
    try {
      last = await send();
    } catch {
      // No acknowledgement in time (a lost connection, a server that went away): worth another try.
      continue;
    }
    if (last.ok || !RETRYABLE_REFUSALS.includes(last.code)) return last;
  }
  return last;
}
