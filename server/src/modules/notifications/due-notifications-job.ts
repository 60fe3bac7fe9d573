import type { FastifyBaseLogger } from 'fastify';
import type { UserPush } from '../../app-deps.ts';
import type { Database } from '../../db/client.ts';
import { resumeStalledSends } from '../official-messages/official-messages.service.ts';
import { buildDueDigests } from './notification-digests.ts';
import { sendDueNotifications } from './notifications.service.ts';

/** How often each instance looks for scheduled notifications that are due. */
export const DUE_NOTIFICATIONS_INTERVAL_MS = 5000;

/**
 * Sends due scheduled notifications every few seconds, resumes notification and official-message sends
 * that stopped mid-way, and builds the digests of each hour, day and week once it is over; safe on several
 * instances (see sendDueNotifications and buildDueDigests).
 */
export function startDueNotificationsJob(
  db: Database,
  {
    userPush,
    log,
    intervalMs = DUE_NOTIFICATIONS_INTERVAL_MS,
    clock = () => new Date(),
  }: { userPush: UserPush; log: FastifyBaseLogger; intervalMs?: number; clock?: () => Date },
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const completedDigests = new Set<string>();
  const tick = () => {
    if (running) return;
    running = sendDueNotifications(db, { userPush })
      .then((ids) => {
        if (ids.length > 0) log.info({ ids }, 'scheduled notifications sent');
        return resumeStalledSends(db, { userPush });
      })
      .then((ids) => {
        if (ids.length > 0) log.info({ ids }, 'stalled official message sends resumed');
      })
      .catch((err) => log.warn({ err }, 'scheduled notifications failed'))
      .then(() => buildDueDigests(db, { userPush, now: clock(), completed: completedDigests }))
      .then(
        (built) => {
          if (built > 0) log.info({ built }, 'notification digests delivered');
        },
        (err) => log.warn({ err }, 'notification digests failed'),
      )
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
