import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_BODY_VERSION,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT,
  type WebhookEndpoint,
  type WebhookEndpointInput,
  type WebhookEndpointUpdate,
} from '@switchboard/contract/webhooks';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { liveSettings } from '../settings/live-settings.ts';
import { checkReceiverUrl } from './receiver-address.ts';
import * as repo from './webhooks.repository.ts';

interface By {
  actor: AdminPrincipal;
  context: RequestContext;
}

const DISABLED_REASONS: Record<string, string> = { gone: WEBHOOK_MESSAGES.disabledGone };
const reasonText = (code: string) => DISABLED_REASONS[code] ?? code;

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export const internalAddressesAllowed = async (db: Database) =>
  (await liveSettings(db).section('api')).webhooks_allow_private_addresses;

/** The URL must resolve, and only to public addresses unless the API settings allow private ones. */
async function refuseUnsafeUrl(db: Database, url: string): Promise<void> {
  const check = await checkReceiverUrl(url, await internalAddressesAllowed(db));
  if (check.ok) return;
  const message =
    check.reason === 'private' ? WEBHOOK_MESSAGES.privateAddress : WEBHOOK_MESSAGES.unresolvable;
  throw new HttpError(400, message, { field: 'url' });
}

async function existing(db: Database, id: string): Promise<WebhookEndpoint> {
  const found = await repo.findEndpoint(db, id, reasonText);
  if (!found) throw notFound(WEBHOOK_MESSAGES.notFound);
  return found;
}

const toFields = (input: Partial<z.output<typeof WebhookEndpointUpdate>>): Partial<repo.EndpointFields> => ({
  ...(input.url !== undefined ? { url: input.url } : {}),
  ...(input.description !== undefined ? { description: input.description } : {}),
  ...(input.events !== undefined ? { events: input.events } : {}),
  ...(input.format !== undefined ? { format: input.format } : {}),
  ...(input.alert_rules !== undefined ? { alertRules: input.alert_rules } : {}),
  ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
  ...(input.max_in_flight !== undefined ? { maxInFlight: input.max_in_flight } : {}),
});

export async function listWebhookEndpoints(db: Database) {
  return { endpoints: await repo.listEndpoints(db, reasonText), events: [...WEBHOOK_EVENT_TYPES] };
}

export async function createWebhookEndpoint(
  db: Database,
  input: z.output<typeof WebhookEndpointInput>,
  { actor, context }: By,
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  await refuseUnsafeUrl(db, input.url);
  const secret = newSecret();
  const endpoint = await db.transaction(async (tx) => {
    const id = await repo.insertEndpoint(tx, toFields(input) as repo.EndpointFields, secret);
    const created = (await repo.findEndpoint(tx, id, reasonText)) as WebhookEndpoint;
    await recordAudit(tx, {
      actor,
      action: 'webhook.create',
      targetType: 'webhook',
      targetId: id,
      before: null,
      after: created,
      context,
    });
    return created;
  });
  return { endpoint, secret };
}

export async function updateWebhookEndpoint(
  db: Database,
  id: string,
  change: z.output<typeof WebhookEndpointUpdate>,
  { actor, context }: By,
): Promise<WebhookEndpoint> {
  const before = await existing(db, id);
  if (change.url !== undefined && change.url !== before.url) await refuseUnsafeUrl(db, change.url);
  return db.transaction(async (tx) => {
    await repo.updateEndpoint(tx, id, toFields(change));
    const after = (await repo.findEndpoint(tx, id, reasonText)) as WebhookEndpoint;
    await recordAudit(tx, {
      actor,
      action: 'webhook.update',
      targetType: 'webhook',
      targetId: id,
      before,
      after,
      context,
    });
    return after;
  });
}

export async function deleteWebhookEndpoint(db: Database, id: string, { actor, context }: By): Promise<void> {
  const before = await existing(db, id);
  await db.transaction(async (tx) => {
    await repo.deleteEndpoint(tx, id);
    await recordAudit(tx, {
      actor,
      action: 'webhook.delete',
      targetType: 'webhook',
      targetId: id,
      before,
      after: null,
      context,
    });
  });
}

export async function rotateWebhookSecret(
  db: Database,
  id: string,
  { actor, context }: By,
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const endpoint = await existing(db, id);
  const secret = newSecret();
  await db.transaction(async (tx) => {
    await repo.setSecret(tx, id, secret);
    // The audit row says that it changed, never what it is.
    await recordAudit(tx, {
      actor,
      action: 'webhook.rotate_secret',
      targetType: 'webhook',
      targetId: id,
      before: null,
      after: { secret_rotated: true },
      context,
    });
  });
  return { endpoint, secret };
}

export async function sendTestEvent(db: Database, id: string, { actor, context }: By): Promise<void> {
  await existing(db, id);
  await db.transaction(async (tx) => {
    await repo.queueTestDelivery(tx, id, {
      type: WEBHOOK_TEST_EVENT,
      version: WEBHOOK_BODY_VERSION,
      timestamp: new Date().toISOString(),
      data: { endpoint_id: id, sent_by: actor.username },
    });
    await recordAudit(tx, {
      actor,
      action: 'webhook.test',
      targetType: 'webhook',
      targetId: id,
      before: null,
      after: null,
      context,
    });
  });
}

export async function listWebhookDeliveries(
  db: Database,
  id: string,
  query: Parameters<typeof repo.listDeliveries>[2],
) {
  await existing(db, id);
  const { deliveries, nextCursor } = await repo.listDeliveries(db, id, query);
  return { deliveries, next_cursor: nextCursor };
}

/** Queues deliveries again and audits how many, in one transaction. */
async function replayAudited(
  db: Database,
  id: string,
  { actor, context }: By,
  what: Record<string, unknown>,
  replay: (tx: Executor) => Promise<number>,
): Promise<number> {
  return db.transaction(async (tx) => {
    const queued = await replay(tx);
    await recordAudit(tx, {
      actor,
      action: 'webhook.replay',
      targetType: 'webhook',
      targetId: id,
      before: null,
      after: { ...what, queued },
      context,
    });
    return queued;
  });
}

export async function replayWebhookDelivery(
  db: Database,
  id: string,
  deliveryId: number,
  by: By,
): Promise<number> {
  await existing(db, id);
  if (!(await repo.deliveryExists(db, id, deliveryId))) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
  return replayAudited(db, id, by, { delivery_id: deliveryId }, (tx) =>
    repo.replayDelivery(tx, id, deliveryId),
  );
}

export async function replayWebhookFailures(db: Database, id: string, since: Date, by: By): Promise<number> {
  await existing(db, id);
  return replayAudited(db, id, by, { failures_since: since.toISOString() }, (tx) =>
    repo.replayFailuresSince(tx, id, since),
  );
}
