import { z } from 'zod';
import { envelope, IsoDateTime, SuccessMessage } from './common.ts';
import { endpoint } from './endpoint.ts';

/**
 * The events Switchboard sends out. Each delivery's body is `{ type, version, timestamp, data }`, signed
 * per the Standard Webhooks specification (`webhook-id`, `webhook-timestamp`, `webhook-signature`).
 */
export const WEBHOOK_EVENT_TYPES = [
  'call.started',
  'call.answered',
  'call.ended',
  'user.created',
  'user.suspended',
  'user.deleted',
  'coins.credited',
  'coins.reversed',
  'purchase.credited',
  'purchase.failed',
  'purchase.refunded',
  'purchase.disputed',
  'report.created',
  'report.resolved',
  'alert.raised',
  'alert.cleared',
  'security.event',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event a console's "Send test event" delivers; no endpoint subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** The version of every body's shape; a breaking change to any `data` raises it. */
export const WEBHOOK_BODY_VERSION = 1;

/** How a body is written: the Standard Webhooks JSON, or a chat message Slack or Discord accepts. */
export const WEBHOOK_FORMATS = ['standard', 'slack', 'discord'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/** The monitoring rules an endpoint may pick for its alert events (none picked: every rule). */
export const ALERT_RULE_IDS = [
  'cpu',
  'memory',
  'disk',
  'error_rate',
  'call_failure_rate',
  'call_poor_quality',
  'call_quality',
] as const;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivering', 'delivered', 'dead'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_MESSAGES = {
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
  created: 'Webhook endpoint created; copy its signing secret now, it is not shown again',
  updated: 'Webhook endpoint updated',
  deleted: 'Webhook endpoint deleted',
  rotated: 'Signing secret rotated; copy it now, it is not shown again',
  testQueued: 'Test event queued',
  replayed: (n: number) => `${n} ${n === 1 ? 'delivery' : 'deliveries'} queued again`,
  urlScheme: 'URL must start with https:// or http://',
  urlCredentials: 'URL must not carry a user name or password',
  privateAddress:
    'URL points to a private, loopback or link-local address; allow such addresses in Settings → API first',
  unresolvable: 'URL host name does not resolve',
  noEvents: 'Choose at least one event',
  disabledGone: 'Disabled: the receiver answered 410 Gone',
} as const;

/** Why a receiver URL is refused, or null: one check, so a URL that does not parse is never parsed again. */
function receiverUrlProblem(text: string): string | null {
  if (!URL.canParse(text)) return 'URL is not a valid address';
  const url = new URL(text);
  if (!/^https?:$/.test(url.protocol)) return WEBHOOK_MESSAGES.urlScheme;
  if (url.username !== '' || url.password !== '') return WEBHOOK_MESSAGES.urlCredentials;
  return null;
}

const HttpUrl = z
  .string()
  .trim()
  .min(1, 'URL is required')
  .max(2000, 'URL must be at most 2,000 characters')
  .superRefine((text, ctx) => {
    const problem = receiverUrlProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const WebhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  format: z.enum(WEBHOOK_FORMATS),
  /** Alert rules this endpoint receives `alert.*` events for; empty for every rule. */
  alert_rules: z.array(z.enum(ALERT_RULE_IDS)),
  enabled: z.boolean(),
  /** Why the server turned it off (a 410 answer), or null. */
  disabled_reason: z.string().nullable(),
  /** Deliveries to it at the same time, across the cluster. */
  max_in_flight: z.number().int(),
  /** Failures in a row; at the breaker's limit, deliveries pause until `circuit_open_until`. */
  consecutive_failures: z.number().int(),
  circuit_open_until: IsoDateTime.nullable(),
  pending_deliveries: z.number().int(),
  dead_deliveries: z.number().int(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

export const WebhookEndpointInput = z.object({
  url: HttpUrl,
  description: z.string().trim().max(200, 'Description must be at most 200 characters').default(''),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES))
    .min(1, WEBHOOK_MESSAGES.noEvents)
    .max(WEBHOOK_EVENT_TYPES.length)
    .transform((list) => [...new Set(list)]),
  format: z.enum(WEBHOOK_FORMATS).default('standard'),
  alert_rules: z
    .array(z.enum(ALERT_RULE_IDS))
    .max(ALERT_RULE_IDS.length)
    .default([])
    .transform((list) => [...new Set(list)]),
  enabled: z.boolean().default(true),
  max_in_flight: z.number().int().min(1, 'At least 1').max(64, 'At most 64').default(8),
});
export type WebhookEndpointInput = z.input<typeof WebhookEndpointInput>;

export const WebhookEndpointUpdate = WebhookEndpointInput.partial();

/** The secret, answered once: on creation and on rotation. */
export const WebhookSecret = z.object({
  endpoint: WebhookEndpoint,
  secret: z.string().describe('whsec_… : the Standard Webhooks signing secret'),
});

export const WebhookAttempt = z.object({
  at: IsoDateTime,
  status_code: z.number().int().nullable(),
  latency_ms: z.number().int(),
  /** The start of the receiver's answer (500 characters), or why there was none. */
  response: z.string(),
});

export const WebhookDelivery = z.object({
  id: z.number().int(),
  /** The `webhook-id` header: the same on every attempt and replay of this delivery. */
  message_id: z.string(),
  event_type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  next_attempt_at: IsoDateTime.nullable(),
  created_at: IsoDateTime,
  delivered_at: IsoDateTime.nullable(),
  history: z.array(WebhookAttempt),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookIdParams = z.object({ id: z.string().uuid() });
export const DeliveryIdParams = z.object({
  id: z.string().uuid(),
  delivery_id: z.coerce.number().int().min(1),
});

export const DeliveriesQuery = z.object({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
  /** `next_cursor` of the previous page. */
  cursor: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const ReplayFailuresRequest = z.object({
  since: z.iso.datetime({ offset: true, error: 'since must be an ISO 8601 date-time' }),
});

const webhookAccess = { tag: 'webhooks', access: 'admin', permission: 'webhooks:manage' } as const;

export const webhookEndpoints = {
  list: endpoint({
    ...webhookAccess,
    method: 'GET',
    path: '/admin/webhooks',
    response: envelope(z.object({ endpoints: z.array(WebhookEndpoint), events: z.array(z.string()) })),
  }),
  create: endpoint({
    ...webhookAccess,
    method: 'POST',
    path: '/admin/webhooks',
    body: WebhookEndpointInput,
    status: 201,
    response: envelope(WebhookSecret).extend({ message: z.string() }),
    secret: true,
  }),
  update: endpoint({
    ...webhookAccess,
    method: 'PATCH',
    path: '/admin/webhooks/:id',
    params: WebhookIdParams,
    body: WebhookEndpointUpdate,
    response: envelope(WebhookEndpoint).extend({ message: z.string() }),
  }),
  delete: endpoint({
    ...webhookAccess,
    method: 'DELETE',
    path: '/admin/webhooks/:id',
    params: WebhookIdParams,
    response: SuccessMessage,
  }),
  rotateSecret: endpoint({
    ...webhookAccess,
    method: 'POST',
    path: '/admin/webhooks/:id/rotate-secret',
    params: WebhookIdParams,
    response: envelope(WebhookSecret).extend({ message: z.string() }),
    secret: true,
  }),
  sendTest: endpoint({
    ...webhookAccess,
    method: 'POST',
    path: '/admin/webhooks/:id/test',
    params: WebhookIdParams,
    response: SuccessMessage,
  }),
  deliveries: endpoint({
    ...webhookAccess,
    method: 'GET',
    path: '/admin/webhooks/:id/deliveries',
    params: WebhookIdParams,
    query: DeliveriesQuery,
    response: envelope(
      z.object({ deliveries: z.array(WebhookDelivery), next_cursor: z.number().int().nullable() }),
    ),
  }),
  replayDelivery: endpoint({
    ...webhookAccess,
    method: 'POST',
    path: '/admin/webhooks/:id/deliveries/:delivery_id/replay',
    params: DeliveryIdParams,
    response: SuccessMessage,
  }),
  replayFailures: endpoint({
    ...webhookAccess,
    method: 'POST',
    path: '/admin/webhooks/:id/replay-failures',
    params: WebhookIdParams,
    body: ReplayFailuresRequest,
    response: SuccessMessage,
  }),
};

/** What every delivery's body holds (Slack and Discord endpoints get a chat message instead). */
export const WebhookBody = z.object({
  type: z.string(),
  version: z.literal(WEBHOOK_BODY_VERSION),
  timestamp: IsoDateTime,
  data: z.record(z.string(), z.unknown()),
});
export type WebhookBody = z.infer<typeof WebhookBody>;
