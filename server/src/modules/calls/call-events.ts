import { moneyOfCoins } from '@switchboard/contract/coin-value';
import type { Executor } from '../../db/client.ts';
import { currentCoinValue } from '../coins/coin-value.ts';
import { enqueueWebhookEvent } from '../webhook-outbox/webhook-outbox.ts';
import { toAppCall } from './app-call.ts';
import type { CallRecord } from './call-row.ts';

type CallEventType = 'call.started' | 'call.answered' | 'call.ended';

/**
 * Tells webhook endpoints about a call's step, in the transaction that takes it. The call as its parties
 * see it; at its end, what it cost: `coins_used` and their money value at the package price (`cost_value`,
 * read then only, so placing and answering a call pay for no package lookup). One ordering key per call, so
 * each endpoint gets a call's events in order.
 */
export async function recordCallEvent(tx: Executor, type: CallEventType, call: CallRecord): Promise<void> {
  const costValue = type === 'call.ended' ? moneyOfCoins(call.coinsUsed, await currentCoinValue(tx)) : null;
  await enqueueWebhookEvent(tx, {
    type,
    data: { ...toAppCall(call), cost_value: costValue, cost: call.cost ?? 0 },
    orderingKey: `call:${call.id}`,
  });
}
