import type { Executor } from '../../db/client.ts';
import { enqueueWebhookEvent } from '../webhook-outbox/webhook-outbox.ts';
import { toAppCall } from './app-call.ts';
import type { CallRecord } from './call-row.ts';

type CallEventType = 'call.started' | 'call.answered' | 'call.ended';

/**
 * Tells webhook endpoints about a call's step, in the transaction that takes it. The call as its parties
 * see it, plus what it cost (`coins_used`, `cost`) once it ended; one ordering key per call, so each
 * endpoint gets a call's events in order.
 */
export async function recordCallEvent(tx: Executor, type: CallEventType, call: CallRecord): Promise<void> {
  await enqueueWebhookEvent(tx, {
    type,
    data: { ...toAppCall(call), cost: call.cost ?? 0 },
    orderingKey: `call:${call.id}`,
  });
}
