import {
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@switchboard/contract/webhooks';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { webhookEndpoints } from '../../db/schema/webhooks.ts';

export type EndpointRecord = typeof webhookEndpoints.$inferSelect;
export type EndpointFields = Pick<
  typeof webhookEndpoints.$inferInsert,
  'url' | 'description' | 'events' | 'format' | 'alertRules' | 'enabled' | 'maxInFlight'
>;

interface EndpointRow {
  id: string;
  url: string;
  description: string;
  events: WebhookEndpoint['events'];
  format: WebhookEndpoint['format'];
  alert_rules: WebhookEndpoint['alert_rules'];
  enabled: boolean;
  disabled_reason: string | null;
  max_in_flight: number;
  consecutive_failures: number;
  circuit_open_until: string | Date | null;
  pending: number;
  dead: number;
  created_at: string | Date;
  updated_at: string | Date;
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

const endpointSelect = (where: SQL) => sql`
  select e.id, e.url, e.description, e.events, e.format, e.alert_rules, e.enabled, e.disabled_reason,
    e.max_in_flight, e.consecutive_failures, e.circuit_open_until, e.created_at, e.updated_at,
    (select count(*)::int from webhook_deliveries d
      where d.endpoint_id = e.id and d.status in ('pending', 'delivering')) as pending,
    (select count(*)::int from webhook_deliveries d where d.endpoint_id = e.id and d.status = 'dead') as dead
  from webhook_endpoints e
  where ${where}
  order by e.created_at, e.id`;

function toEndpoint(r: EndpointRow, disabledReasonText: (code: string) => string): WebhookEndpoint {
  return {
    id: r.id,
    url: r.url,
    description: r.description,
    events: r.events,
    format: r.format,
    alert_rules: r.alert_rules,
    enabled: r.enabled,
    disabled_reason: r.disabled_reason === null ? null : disabledReasonText(r.disabled_reason),
    max_in_flight: r.max_in_flight,
    consecutive_failures: r.consecutive_failures,
    circuit_open_until: iso(r.circuit_open_until),
    pending_deliveries: r.pending,
    dead_deliveries: r.dead,
    created_at: iso(r.created_at) as string,
    updated_at: iso(r.updated_at) as string,
  };
}

export async function listEndpoints(
  db: Executor,
  disabledReasonText: (code: string) => string,
): Promise<WebhookEndpoint[]> {
  const rows = await queryRows<EndpointRow>(db, endpointSelect(sql`true`));
  return rows.map((r) => toEndpoint(r, disabledReasonText));
}

export async function findEndpoint(
  db: Executor,
  id: string,
  disabledReasonText: (code: string) => string,
): Promise<WebhookEndpoint | null> {
  const [row] = await queryRows<EndpointRow>(db, endpointSelect(sql`e.id = ${id}`));
  return row ? toEndpoint(row, disabledReasonText) : null;
}

export async function insertEndpoint(db: Executor, fields: EndpointFields, secret: string): Promise<string> {
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ ...fields, secret })
    .returning({ id: webhookEndpoints.id });
  return (row as { id: string }).id;
}

/** Applies a change; turning an endpoint on again clears why it was off and its circuit. */
export async function updateEndpoint(
  db: Executor,
  id: string,
  change: Partial<EndpointFields>,
): Promise<void> {
  await db.execute(sql`
    update webhook_endpoints set
      url = coalesce(${change.url ?? null}, url),
      description = coalesce(${change.description ?? null}, description),
      events = coalesce(${change.events ? `{${change.events.join(',')}}` : null}::text[], events),
      format = coalesce(${change.format ?? null}, format),
      alert_rules = coalesce(${change.alertRules ? `{${change.alertRules.join(',')}}` : null}::text[], alert_rules),
      max_in_flight = coalesce(${change.maxInFlight ?? null}::smallint, max_in_flight),
      enabled = coalesce(${change.enabled ?? null}::boolean, enabled),
      disabled_reason = case when ${change.enabled ?? null}::boolean then null else disabled_reason end,
      consecutive_failures = case when ${change.enabled ?? null}::boolean then 0 else consecutive_failures end,
      circuit_open_until = case when ${change.enabled ?? null}::boolean then null else circuit_open_until end,
      updated_at = now()
    where id = ${id}`);
}

export async function setSecret(db: Executor, id: string, secret: string): Promise<void> {
  await db.execute(sql`update webhook_endpoints set secret = ${secret}, updated_at = now() where id = ${id}`);
}

export async function deleteEndpoint(db: Executor, id: string): Promise<void> {
  await db.execute(sql`delete from webhook_endpoints where id = ${id}`);
}

/** A `webhook.test` delivery to one endpoint, whatever it subscribes to. */
export async function queueTestDelivery(db: Executor, endpointId: string, body: object): Promise<void> {
  await db.execute(sql`
    insert into webhook_deliveries (message_id, endpoint_id, event_type, body)
    values ('msg_' || replace(gen_random_uuid()::text, '-', ''), ${endpointId}, ${WEBHOOK_TEST_EVENT},
      ${JSON.stringify(body)}::jsonb)`);
}

/** Queues deliveries again (same `webhook-id`), with a new 24-hour retry window; returns how many. */
async function requeue(db: Executor, where: SQL): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update webhook_deliveries set status = 'pending', next_attempt_at = now(), claimed_until = null,
          give_up_at = now() + interval '24 hours', delivered_at = null
        where ${where} returning id`,
  );
  return rows.length;
}

export const replayDelivery = (db: Executor, endpointId: string, deliveryId: number) =>
  requeue(db, sql`endpoint_id = ${endpointId} and id = ${deliveryId} and status in ('delivered', 'dead')`);

export const replayFailuresSince = (db: Executor, endpointId: string, since: Date) =>
  requeue(db, sql`endpoint_id = ${endpointId} and status = 'dead' and created_at >= ${since.toISOString()}`);

export async function deliveryExists(db: Executor, endpointId: string, deliveryId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from webhook_deliveries where endpoint_id = ${endpointId} and id = ${deliveryId}`,
  );
  return rows.length > 0;
}

interface DeliveryRow {
  id: string | number;
  message_id: string;
  event_type: string;
  status: WebhookDelivery['status'];
  attempts: number;
  next_attempt_at: string | Date;
  created_at: string | Date;
  delivered_at: string | Date | null;
  history: { at: string; status_code: number | null; latency_ms: number; response: string }[] | string;
}

/** The delivery log of one endpoint, newest first, each delivery with its attempts (the last 20). */
export async function listDeliveries(
  db: Executor,
  endpointId: string,
  { status, cursor, limit }: { status?: WebhookDelivery['status']; cursor?: number; limit: number },
): Promise<{ deliveries: WebhookDelivery[]; nextCursor: number | null }> {
  const rows = await queryRows<DeliveryRow>(
    db,
    sql`select d.id, d.message_id, d.event_type, d.status, d.attempts, d.next_attempt_at, d.created_at,
          d.delivered_at,
          coalesce((select json_agg(json_build_object('at', a.attempted_at, 'status_code', a.status_code,
              'latency_ms', a.latency_ms, 'response', a.response) order by a.id)
            from (select * from webhook_attempts a where a.delivery_id = d.id order by a.id desc limit 20) a),
            '[]'::json) as history
        from webhook_deliveries d
        where d.endpoint_id = ${endpointId}
          ${status ? sql`and d.status = ${status}` : sql``}
          ${cursor ? sql`and d.id < ${cursor}` : sql``}
        order by d.id desc
        limit ${limit + 1}`,
  );
  const page = rows.slice(0, limit);
  return {
    deliveries: page.map((r) => ({
      id: Number(r.id),
      message_id: r.message_id,
      event_type: r.event_type,
      status: r.status,
      attempts: r.attempts,
      next_attempt_at: r.status === 'pending' ? iso(r.next_attempt_at) : null,
      created_at: iso(r.created_at) as string,
      delivered_at: iso(r.delivered_at),
      history: (typeof r.history === 'string' ? JSON.parse(r.history) : r.history).map(
        (a: { at: string; status_code: number | null; latency_ms: number; response: string }) => ({
          ...a,
          at: new Date(a.at).toISOString(),
        }),
      ),
    })),
    nextCursor: rows.length > limit ? Number(page[page.length - 1]?.id) : null,
  };
}
