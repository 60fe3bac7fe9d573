import {
  type AudiencePreview,
  type AudiencePreviewRequest,
  type ListNotificationsQuery,
  NOTIFICATION_MESSAGES,
  type Notification,
  type NotificationInput,
  type NotificationStats,
} from '@switchboard/contract/notifications';
import type { z } from 'zod';
import type { UserPush } from '../../app-deps.ts';
import type { Database, Executor } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../http/http-error.ts';
import { type Delivery, sendNow, sendPending } from '../messaging/broadcast.ts';
import { type MessageActor, markRecipientStep, messageAudit } from '../messaging/message-changes.ts';
import { liveSettings } from '../settings/live-settings.ts';
import { countAudience } from '../users/audience.ts';
import { immediateUsersAmong } from '../users/notification-frequency.ts';
import { usernamesById } from '../users/users-directory.repository.ts';
import * as repo from './notifications.repository.ts';

type Input = z.output<typeof NotificationInput>;
type Actor = MessageActor;

const audit = messageAudit<Notification>('notification');

const rate = (reads: number, total: number) => (total > 0 ? reads / total : 0);

export async function listNotifications(db: Database, query: ListNotificationsQuery) {
  const { rows, hasMore } = await repo.listNotifications(db, query);
  // Only a draft can be edited, so only a draft's users are named: one lookup for the page.
  const named = (n: (typeof rows)[number]) => n.status === 'draft' && n.target_audience === 'specific';
  const names = await usernamesById(
    db,
    rows.filter(named).flatMap((n) => n.target_user_ids),
  );
  const notifications = rows.map((n) => ({
    ...n,
    target_users: named(n) ? n.target_user_ids.map((id) => ({ id, username: names.get(id) ?? null })) : [],
  }));
  return { notifications, has_more: hasMore };
}

export async function notificationStats(db: Database): Promise<NotificationStats> {
  const [counts, recent] = await Promise.all([repo.readNotificationCounters(db), repo.recentlySent(db)]);
  return {
    total_notifications: counts['notifications.total'],
    sent_notifications: counts['notifications.sent'],
    scheduled_notifications: counts['notifications.scheduled'],
    draft_notifications: counts['notifications.draft'],
    total_recipients: counts['notifications.sent_recipients'],
    average_read_rate: rate(counts['notifications.sent_reads'], counts['notifications.sent_recipients']),
    digest_deliveries: counts['notifications.digests'],
    recent_activity: recent.map((r) => ({
      id: r.id,
      title: r.title,
      sent_at: (r.sentAt ?? new Date(0)).toISOString(),
      read_rate: rate(r.readCount, r.totalRecipients),
    })),
  };
}

/** A scheduled notification waits for its time in status `scheduled`; any other is a draft until sent. */
function valuesOf(input: Input, now = Date.now()): repo.NotificationValues {
  if (input.target_audience === 'specific' && input.target_user_ids.length === 0)
    throw badRequest(NOTIFICATION_MESSAGES.usersRequired, 'target_user_ids');
  let scheduledAt: Date | null = null;
  if (input.is_scheduled) {
    if (!input.scheduled_at) throw badRequest(NOTIFICATION_MESSAGES.scheduledAtRequired, 'scheduled_at');
    scheduledAt = new Date(input.scheduled_at);
    if (scheduledAt.getTime() <= now) throw badRequest(NOTIFICATION_MESSAGES.scheduledAtPast, 'scheduled_at');
  }
  return {
    title: input.title,
    message: input.message,
    type: input.type,
    priority: input.priority,
    targetAudience: input.target_audience,
    targetUserIds: input.target_audience === 'specific' ? [...new Set(input.target_user_ids)] : [],
    isScheduled: input.is_scheduled,
    scheduledAt,
    status: input.is_scheduled ? 'scheduled' : 'draft',
  };
}

/** How many users a send to this audience reaches now; writes nothing. */
export async function previewAudience(
  db: Database,
  { target_audience, target_user_ids }: z.output<typeof AudiencePreviewRequest>,
): Promise<AudiencePreview> {
  return { recipients: await countAudience(db, target_audience, target_user_ids) };
}

export async function createNotification(db: Database, input: Input, { actor, context }: Actor) {
  const values = valuesOf(input);
  return db.transaction(async (tx) => {
    const row = repo.toNotification(await repo.insertNotification(tx, { ...values, createdBy: actor.id }));
    await audit(tx, 'notification.create', row.id, null, row, { actor, context });
    return row;
  });
}

/** Locks the notification for the rest of the transaction; 404 when missing, 409 when not in `status`. */
async function lockIn(tx: Executor, id: number, status: 'draft' | 'scheduled') {
  const row = await repo.findNotification(tx, id, true);
  if (!row) throw notFound(NOTIFICATION_MESSAGES.notFound);
  if (row.deliveryAt) throw conflict(NOTIFICATION_MESSAGES.sending);
  if (row.status !== status)
    throw conflict(status === 'draft' ? NOTIFICATION_MESSAGES.notDraft : NOTIFICATION_MESSAGES.notScheduled);
  return row;
}

export async function updateNotification(db: Database, id: number, input: Input, { actor, context }: Actor) {
  const values = valuesOf(input);
  return db.transaction(async (tx) => {
    const before = repo.toNotification(await lockIn(tx, id, 'draft'));
    const after = repo.toNotification(await repo.updateNotification(tx, id, values));
    await audit(tx, 'notification.update', id, before, after, { actor, context });
    return after;
  });
}

export async function cancelNotification(db: Database, id: number, { actor, context }: Actor) {
  return db.transaction(async (tx) => {
    const before = repo.toNotification(await lockIn(tx, id, 'scheduled'));
    const after = repo.toNotification(await repo.updateNotification(tx, id, { status: 'cancelled' }));
    await audit(tx, 'notification.cancel', id, before, after, { actor, context });
    return after;
  });
}

export async function deleteNotification(db: Database, id: number, { actor, context }: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = repo.toNotification(await lockIn(tx, id, 'draft'));
    await repo.deleteNotification(tx, id);
    await audit(tx, 'notification.delete', id, before, null, { actor, context });
  });
}

/**
 * Settings → Notifications → Push Notifications: on, the users reached online get it at once over their
 * socket; off, it waits in their inbox (the recipient rows are written either way). Only users whose
 * notification frequency is immediate get it now; the others get it in their next digest
 * (notification-digests.ts).
 */
async function push(db: Database, userPush: UserPush, { sent, reached }: Delivery<Notification>) {
  // Settings unreadable: push at once, as before the switches existed, rather than fail a send already stored.
  const settings = await liveSettings(db)
    .section('notifications')
    .catch(() => ({ push_notifications: true, notification_frequency: 'immediate' as const }));
  if (!settings.push_notifications) return;
  const now = await immediateUsersAmong(db, reached, settings.notification_frequency);
  userPush.toUsers(now, 'notification', {
    id: sent.id,
    title: sent.title,
    message: sent.message,
    type: sent.type,
    priority: sent.priority,
    sent_at: sent.sent_at ?? new Date().toISOString(),
  });
}

export async function sendNotification(
  db: Database,
  { userPush }: { userPush: UserPush },
  id: number,
  { actor, context }: Actor,
) {
  const delivery = await sendNow(
    db,
    repo.notificationBroadcast,
    (tx) => lockIn(tx, id, 'draft'),
    (tx, before, sent) => audit(tx, 'notification.send', id, before, sent, { actor, context }),
  );
  await push(db, userPush, delivery);
  return delivery.sent;
}

/**
 * Sends every scheduled notification that is due, and resumes any send that stopped mid-way; safe on
 * several instances (see sendPending). Returns the ids it sent.
 */
export function sendDueNotifications(db: Database, { userPush }: { userPush: UserPush }): Promise<number[]> {
  // A notification that cannot be delivered is marked failed, or the loop would claim it forever.
  return sendPending(
    db,
    repo.notificationBroadcast,
    (delivery) => push(db, userPush, delivery),
    (id) => markFailed(db, id),
  );
}

async function markFailed(db: Database, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await repo.findNotification(tx, id, true);
    if (row?.deliveryAt)
      await repo.updateNotification(tx, id, { status: 'failed', deliveryAt: null, deliveryCursor: null });
  });
}

/**
 * Records that a user read a notification sent to them. Idempotent: only the first call sets read_at
 * (and so the read count); `newlyRead` says whether this call did.
 */
export async function markNotificationRead(db: Database, notificationId: number, userId: string) {
  const newlyRead = await markRecipientStep(db, {
    mark: (tx) => repo.markRead(tx, notificationId, userId),
    isRecipient: (tx) => repo.isRecipient(tx, notificationId, userId),
    notFoundMessage: NOTIFICATION_MESSAGES.notFound,
  });
  return { newlyRead };
}
