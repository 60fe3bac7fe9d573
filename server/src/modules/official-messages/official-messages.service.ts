import {
  OFFICIAL_MESSAGE_MESSAGES,
  type OfficialMessage,
  type OfficialMessageFields,
  type OfficialMessageStats,
} from '@switchboard/contract/official-messages';
import type { z } from 'zod';
import type { UserPush } from '../../app-deps.ts';
import type { Database, Executor } from '../../db/client.ts';
import { API_PREFIX } from '../../http/auth-guard.ts';
import { conflict, notFound } from '../../http/http-error.ts';
import { type Delivery, sendNow, sendPending } from '../messaging/broadcast.ts';
import { type MessageActor, markRecipientStep, messageAudit } from '../messaging/message-changes.ts';
import { type ImageKind, removeImage, saveImage } from './image-files.ts';
import * as repo from './official-messages.repository.ts';

type Fields = z.output<typeof OfficialMessageFields>;
type Actor = MessageActor;
export interface ImageUpload {
  bytes: Buffer;
  kind: ImageKind;
}

const audit = messageAudit<OfficialMessage>('official_message');

const IMAGE_PATH = `${API_PREFIX}/uploads/`;
const imageName = (url: string | null) => (url?.startsWith(IMAGE_PATH) ? url.slice(IMAGE_PATH.length) : null);

export async function listMessages(db: Database) {
  const { rows, hasMore } = await repo.listMessages(db);
  return { messages: rows, has_more: hasMore };
}

export async function messageStats(db: Database, id: number): Promise<OfficialMessageStats> {
  const row = await repo.findMessage(db, id);
  if (!row) throw notFound(OFFICIAL_MESSAGE_MESSAGES.notFound);
  return {
    total_recipients: row.totalRecipients,
    delivered_count: row.deliveredCount,
    read_count: row.readCount,
    acknowledged_count: row.acknowledgedCount,
    read_rate: row.totalRecipients > 0 ? row.readCount / row.totalRecipients : 0,
  };
}

const valuesOf = (fields: Fields): Omit<repo.MessageValues, 'imageUrl'> => ({
  title: fields.title,
  content: fields.content,
  messageType: fields.message_type,
  priority: fields.priority,
  isImportant: fields.is_important,
  isSticky: fields.is_sticky,
  isUrgent: fields.is_urgent,
  imageAlt: fields.image_alt || null,
});

/** Stores the image first; if the change then fails, the file is removed again. */
async function withStoredImage<T>(
  dataDir: string,
  image: ImageUpload | null,
  change: (imageUrl: string | null) => Promise<T>,
): Promise<T> {
  const name = image ? await saveImage(dataDir, image.bytes, image.kind) : null;
  try {
    return await change(name ? IMAGE_PATH + name : null);
  } catch (error) {
    if (name) await removeImage(dataDir, name);
    throw error;
  }
}

export function createMessage(
  db: Database,
  { dataDir }: { dataDir: string },
  fields: Fields,
  image: ImageUpload | null,
  { actor, context }: Actor,
): Promise<OfficialMessage> {
  return withStoredImage(dataDir, image, (imageUrl) =>
    db.transaction(async (tx) => {
      const row = repo.toOfficialMessage(
        await repo.insertMessage(tx, { ...valuesOf(fields), imageUrl, createdBy: actor.id }),
      );
      await audit(tx, 'official_message.create', row.id, null, row, { actor, context });
      return row;
    }),
  );
}

async function lockDraft(tx: Executor, id: number) {
  const row = await repo.findMessage(tx, id, true);
  if (!row) throw notFound(OFFICIAL_MESSAGE_MESSAGES.notFound);
  if (row.status !== 'draft') throw conflict(OFFICIAL_MESSAGE_MESSAGES.notDraft);
  return row;
}

/** Changes a draft; without a new image the current one stays. */
export async function updateMessage(
  db: Database,
  { dataDir }: { dataDir: string },
  id: number,
  fields: Fields,
  image: ImageUpload | null,
  { actor, context }: Actor,
): Promise<OfficialMessage> {
  const { before, after } = await withStoredImage(dataDir, image, (imageUrl) =>
    db.transaction(async (tx) => {
      const previous = repo.toOfficialMessage(await lockDraft(tx, id));
      const values = { ...valuesOf(fields), ...(imageUrl ? { imageUrl } : {}) };
      const updated = repo.toOfficialMessage(await repo.updateMessage(tx, id, values));
      await audit(tx, 'official_message.update', id, previous, updated, { actor, context });
      return { before: previous, after: updated };
    }),
  );
  const replaced = imageName(before.image_url);
  if (replaced && before.image_url !== after.image_url) await removeImage(dataDir, replaced);
  return after;
}

export async function deleteMessage(
  db: Database,
  { dataDir }: { dataDir: string },
  id: number,
  { actor, context }: Actor,
) {
  const before = await db.transaction(async (tx) => {
    const row = repo.toOfficialMessage(await lockDraft(tx, id));
    await repo.deleteMessage(tx, id);
    await audit(tx, 'official_message.delete', id, row, null, { actor, context });
    return row;
  });
  const name = imageName(before.image_url);
  if (name) await removeImage(dataDir, name);
}

/**
 * Marks the draft `sending`, writes a recipient row per reachable user in batches (see messaging/broadcast.ts),
 * marks it sent, then pushes it to connected users.
 */
export async function sendMessage(
  db: Database,
  { userPush }: { userPush: UserPush },
  id: number,
  { actor, context }: Actor,
) {
  const delivery = await sendNow(
    db,
    repo.messageBroadcast,
    (tx) => lockDraft(tx, id),
    (tx, before, sent) => audit(tx, 'official_message.send', id, before, sent, { actor, context }),
  );
  push(userPush, delivery);
  return delivery.sent;
}

/** Resumes every send that stopped mid-way (its process ended); safe on several instances. */
export function resumeStalledSends(db: Database, { userPush }: { userPush: UserPush }): Promise<number[]> {
  return sendPending(db, repo.messageBroadcast, (delivery) => push(userPush, delivery));
}

function push(userPush: UserPush, { sent, reached }: Delivery<OfficialMessage>) {
  userPush.toUsers(reached, 'official_message', {
    id: sent.id,
    title: sent.title,
    content: sent.content,
    message_type: sent.message_type,
    priority: sent.priority,
    is_important: sent.is_important,
    is_sticky: sent.is_sticky,
    is_urgent: sent.is_urgent,
    image_url: sent.image_url,
    image_alt: sent.image_alt,
    sent_at: sent.sent_at ?? new Date().toISOString(),
  });
}

/**
 * Records that a recipient's app received, read or acknowledged a message. Idempotent: only the first
 * call of each step counts; `changed` says whether this call did.
 */
export async function markOfficialMessage(
  db: Database,
  messageId: number,
  userId: string,
  step: repo.RecipientStep,
): Promise<{ changed: boolean }> {
  const changed = await markRecipientStep(db, {
    mark: (tx) => repo.markStep(tx, messageId, userId, step),
    isRecipient: (tx) => repo.isRecipient(tx, messageId, userId),
    notFoundMessage: OFFICIAL_MESSAGE_MESSAGES.notFound,
  });
  return { changed };
}
