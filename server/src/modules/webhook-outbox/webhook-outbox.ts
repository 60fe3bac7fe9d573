import {
  WEBHOOK_BODY_VERSION,
  type WebhookBody,
  type WebhookEventType,
} from '@switchboard/contract/webhooks';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

export interface WebhookEvent {
  type: WebhookEventType;
  data: Record<string, unknown>;
  /** Events with the same key reach each endpoint in the order they were written (`call:<id>`). */
  orderingKey?: string;
  /** For `alert.*`: the rule, matched against each endpoint's chosen rules. */
  alertRule?: string;
  at?: Date;
}

/**
 * Writes an event to the webhook outbox in the caller's transaction: one delivery per enabled endpoint
 * that subscribes to it, so the event is sent if and only if the change it reports commits. Modules call
 * this where the change is written; `modules/webhooks/` delivers.
 */
export async function enqueueWebhookEvent(tx: Executor, event: WebhookEvent): Promise<void> {
  const body: WebhookBody = {
    type: event.type,
    version: WEBHOOK_BODY_VERSION,
    timestamp: (event.at ?? new Date()).toISOString(),
    data: event.data,
  };
  await tx.execute(sql`
    insert into webhook_deliveries (message_id, endpoint_id, event_type, ordering_key, body)
    select 'msg_' || replace(gen_random_uuid()::text, '-', ''), e.id, ${event.type}, ${event.orderingKey ?? null},
      ${JSON.stringify(body)}::jsonb
    from webhook_endpoints e
    where e.enabled and ${event.type} = any(e.events)
      and (${event.alertRule ?? null}::text is null or cardinality(e.alert_rules) = 0
        or ${event.alertRule ?? null}::text = any(e.alert_rules))`);
}
