import type { WebhookBody, WebhookFormat } from '@switchboard/contract/webhooks';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { CIRCUIT_FAILURES, CIRCUIT_OPEN_MS } from './retry-schedule.ts';

export interface ClaimedDelivery {
  id: number;
  messageId: string;
  endpointId: string;
  eventType: string;
  body: WebhookBody;
  /** This claim's attempt number: the outcome is recorded only while the claim is still this one. */
  attempts: number;
  giveUpAt: Date;
  url: string;
  secret: string;
  format: WebhookFormat;
}

interface ClaimedRow {
  id: string | number;
  message_id: string;
  endpoint_id: string;
  event_type: string;
  body: WebhookBody | string;
  attempts: number;
  give_up_at: string | Date;
  url: string;
  secret: string;
  format: WebhookFormat;
}

/**
 * Claims deliveries that are due, for the endpoints no other worker is claiming for right now (their rows
 * locked FOR UPDATE SKIP LOCKED): per endpoint, the oldest due ones up to its in-flight cap (1 while its
 * circuit is half-open), never one with an earlier open delivery of the same ordering key. A claim
 * lapses after `leaseSeconds`, so a delivery whose worker died is claimed again.
 */
export async function claimDeliveries(
  db: Database,
  { batch, leaseSeconds }: { batch: number; leaseSeconds: number },
): Promise<ClaimedDelivery[]> {
  const rows = await db.transaction(async (tx) => {
    const endpoints = await queryRows<{ id: string }>(
      tx,
      sql`select id from webhook_endpoints
          where enabled and (circuit_open_until is null or circuit_open_until <= now())
          for update skip locked`,
    );
    if (endpoints.length === 0) return [];
    const ids = `{${endpoints.map((e) => e.id).join(',')}}`;
    return queryRows<ClaimedRow>(
      tx,
      sql`with in_flight as (
            select endpoint_id, count(*)::int as n from webhook_deliveries
            where endpoint_id = any(${ids}::uuid[]) and status = 'delivering' and claimed_until > now()
            group by endpoint_id
          ), due as (
            select d.id, d.endpoint_id, row_number() over (partition by d.endpoint_id order by d.id) as rn
            from unnest(${ids}::uuid[]) as ep(id)
            cross join lateral (
              select d.id, d.endpoint_id from webhook_deliveries d
              where d.endpoint_id = ep.id and d.status in ('pending', 'delivering')
                and (d.status = 'pending' and d.next_attempt_at <= now()
                  or d.status = 'delivering' and d.claimed_until <= now())
                and (d.ordering_key is null or not exists (
                  select 1 from webhook_deliveries earlier
                  where earlier.endpoint_id = d.endpoint_id and earlier.ordering_key = d.ordering_key
                    and earlier.id < d.id and earlier.status in ('pending', 'delivering')))
              order by d.id
              limit ${batch}
            ) d
          )
          update webhook_deliveries d
          set status = 'delivering', claimed_until = now() + make_interval(secs => ${leaseSeconds}),
            attempts = d.attempts + 1
          from due
          join webhook_endpoints e on e.id = due.endpoint_id
          left join in_flight on in_flight.endpoint_id = due.endpoint_id
          where d.id = due.id
            and due.rn <= (case when e.consecutive_failures >= ${CIRCUIT_FAILURES} then 1 else e.max_in_flight end)
              - coalesce(in_flight.n, 0)
          returning d.id, d.message_id, d.endpoint_id, d.event_type, d.body, d.attempts, d.give_up_at,
            e.url, e.secret, e.format`,
    );
  });
  return rows
    .map((r) => ({
      id: Number(r.id),
      messageId: r.message_id,
      endpointId: r.endpoint_id,
      eventType: r.event_type,
      body: typeof r.body === 'string' ? (JSON.parse(r.body) as WebhookBody) : r.body,
      attempts: r.attempts,
      giveUpAt: new Date(r.give_up_at),
      url: r.url,
      secret: r.secret,
      format: r.format,
    }))
    .sort((a, b) => a.id - b.id);
}

export type DeliveryOutcome =
  | { kind: 'delivered' }
  /** A 410: the receiver is gone for good; the endpoint is switched off. */
  | { kind: 'gone' }
  | { kind: 'failed'; retryInMs: number };

export interface RecordedAttempt {
  delivery: ClaimedDelivery;
  outcome: DeliveryOutcome;
  statusCode: number | null;
  latencyMs: number;
  response: string;
}

/**
 * Writes a batch of attempts: the delivery log rows, each delivery's new state (only while the claim is
 * still this worker's), and each endpoint's failure count and circuit. One transaction.
 */
export async function recordAttempts(db: Database, attempts: RecordedAttempt[]): Promise<void> {
  if (attempts.length === 0) return;
  const values = sql.join(
    attempts.map(
      (a) =>
        sql`(${a.delivery.id}::bigint, ${a.delivery.attempts}::int, ${a.delivery.endpointId}::uuid, ${a.outcome.kind}::text,
          ${a.outcome.kind === 'failed' ? a.outcome.retryInMs : 0}::int, ${a.statusCode}::smallint,
          ${a.latencyMs}::int, ${a.response}::text)`,
    ),
    sql`, `,
  );
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      with outcome (delivery_id, attempts, endpoint_id, kind, retry_ms, status_code, latency_ms, response) as (
        values ${values}
      ), logged as (
        insert into webhook_attempts (delivery_id, status_code, latency_ms, response)
        select delivery_id, status_code, latency_ms, response from outcome
      )
      update webhook_deliveries d
      set status = case
            when o.kind = 'delivered' then 'delivered'
            when o.kind = 'gone' then 'dead'
            when now() + make_interval(secs => o.retry_ms / 1000.0) > d.give_up_at then 'dead'
            else 'pending' end,
          delivered_at = case when o.kind = 'delivered' then now() end,
          next_attempt_at = case when o.kind = 'failed' then now() + make_interval(secs => o.retry_ms / 1000.0)
            else d.next_attempt_at end,
          claimed_until = null
      from outcome o
      where d.id = o.delivery_id and d.status = 'delivering' and d.attempts = o.attempts`);
    // Per endpoint, the batch's last word: a success closes the circuit, failures count towards opening it.
    const byEndpoint = new Map<string, { failures: number; succeeded: boolean; gone: boolean }>();
    for (const a of attempts) {
      const e = byEndpoint.get(a.delivery.endpointId) ?? { failures: 0, succeeded: false, gone: false };
      if (a.outcome.kind === 'delivered') e.succeeded = true;
      else if (a.outcome.kind === 'gone') e.gone = true;
      else e.failures += 1;
      byEndpoint.set(a.delivery.endpointId, e);
    }
    for (const [endpointId, e] of byEndpoint) {
      if (e.gone) {
        await tx.execute(sql`update webhook_endpoints
          set enabled = false, disabled_reason = 'gone', updated_at = now() where id = ${endpointId}`);
      } else if (e.succeeded) {
        await tx.execute(sql`update webhook_endpoints
          set consecutive_failures = 0, circuit_open_until = null where id = ${endpointId}
            and (consecutive_failures <> 0 or circuit_open_until is not null)`);
      } else {
        await tx.execute(sql`update webhook_endpoints
          set consecutive_failures = consecutive_failures + ${e.failures},
            circuit_open_until = case when consecutive_failures + ${e.failures} >= ${CIRCUIT_FAILURES}
              then now() + make_interval(secs => ${CIRCUIT_OPEN_MS / 1000}) else circuit_open_until end
          where id = ${endpointId}`);
      }
    }
  });
}
