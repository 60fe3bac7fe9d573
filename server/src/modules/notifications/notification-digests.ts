import { DIGEST_ITEMS_MAX, type UserNotificationDigestEvent } from '@switchboard/contract/realtime';
import { SETTINGS_DEFAULTS, type Settings } from '@switchboard/contract/settings';
import type { UserPush } from '../../app-deps.ts';
import type { Database } from '../../db/client.ts';
import { liveSettings } from '../settings/live-settings.ts';
import * as repo from './notification-digests.repository.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;
/** 1970-01-05, the first Monday after the epoch: ISO weeks start on Monday (UTC). */
const FIRST_MONDAY_MS = 4 * DAY_MS;
/**
 * A period's digests are built this long after it ends: a send's recipient rows commit before its
 * `sent_at` does, and a send that ends just before the hour may commit just after it.
 */
export const DIGEST_GRACE_MS = 60_000;
/** Periods looked back over, so a server down across a period's end still builds its digests. */
const LOOK_BACK: Record<repo.DigestFrequency, number> = { hourly: 24, daily: 7, weekly: 4 };
const LENGTH_MS: Record<repo.DigestFrequency, number> = { hourly: HOUR_MS, daily: DAY_MS, weekly: WEEK_MS };
const ORIGIN_MS: Record<repo.DigestFrequency, number> = { hourly: 0, daily: 0, weekly: FIRST_MONDAY_MS };
const FREQUENCIES: repo.DigestFrequency[] = ['hourly', 'daily', 'weekly'];
/** Users per digest statement. */
const BATCH = 500;

/** The periods of a frequency that are over (grace included) at `now`, oldest first. */
export function periodsDue(frequency: repo.DigestFrequency, now: Date): repo.Period[] {
  const length = LENGTH_MS[frequency];
  const origin = ORIGIN_MS[frequency];
  const lastEnd = Math.floor((now.getTime() - DIGEST_GRACE_MS - origin) / length) * length + origin;
  const periods: repo.Period[] = [];
  for (let i = LOOK_BACK[frequency] - 1; i >= 0; i--) {
    const end = lastEnd - i * length;
    periods.push({ start: new Date(end - length), end: new Date(end) });
  }
  return periods;
}

/**
 * Builds and delivers the digests of every period that is over: for each user whose notification frequency
 * (their own, else the system's) is hourly, daily or weekly, one `notification_digest` event gathering the
 * notifications sent to them in the period. Safe on several instances at once (a digest is built once, see
 * buildDigestBatch). `completed` remembers the periods done, so a tick between period ends reads nothing.
 * Returns how many digests this call built.
 */
export async function buildDueDigests(
  db: Database,
  {
    userPush,
    now,
    completed = new Set<string>(),
  }: { userPush: UserPush; now: Date; completed?: Set<string> },
): Promise<number> {
  const window = FREQUENCIES.flatMap((frequency) =>
    periodsDue(frequency, now).map((period) => ({
      frequency,
      period,
      key: repo.runKey(frequency, period.start),
    })),
  );
  const inWindow = new Set(window.map((p) => p.key));
  for (const key of completed) if (!inWindow.has(key)) completed.delete(key);
  const due = window.filter((p) => !completed.has(p.key));
  if (due.length === 0) return 0;
  const oldest = new Date(Math.min(...due.map((p) => p.period.start.getTime())));
  const done = await repo.completedRuns(db, oldest);
  const settings = await liveSettings(db)
    .section('notifications')
    .catch(() => SETTINGS_DEFAULTS.notifications);
  let built = 0;
  for (const { frequency, period, key } of due) {
    if (!done.has(key)) {
      built += await buildPeriod(db, userPush, frequency, period, settings);
      await repo.markRunCompleted(db, frequency, period.start);
    }
    completed.add(key);
  }
  return built;
}

async function buildPeriod(
  db: Database,
  userPush: UserPush,
  frequency: repo.DigestFrequency,
  period: repo.Period,
  settings: Settings['notifications'],
): Promise<number> {
  let cursor = '';
  let built = 0;
  for (;;) {
    const batch = await repo.buildDigestBatch(db, {
      frequency,
      period,
      systemDefault: settings.notification_frequency,
      cursor,
      size: BATCH,
    });
    built += batch.built.length;
    // Push Notifications off: the digest is built (and counted) and its notifications wait in the inbox.
    if (settings.push_notifications) await deliver(db, userPush, frequency, period, batch.built);
    if (batch.candidates < BATCH || batch.last === null) return built;
    cursor = batch.last;
  }
}

/** One `notification_digest` event per digest, to every socket of its user (through the Redis adapter). */
async function deliver(
  db: Database,
  userPush: UserPush,
  frequency: repo.DigestFrequency,
  period: repo.Period,
  digests: repo.BuiltDigest[],
): Promise<void> {
  const listed = new Set(digests.flatMap((d) => d.notificationIds.slice(0, DIGEST_ITEMS_MAX)));
  const byId = new Map(
    (await repo.notificationsByIds(db, [...listed])).map((n) => [
      n.id,
      {
        id: n.id,
        title: n.title,
        message: n.message,
        type: n.type,
        priority: n.priority,
        sent_at: (n.sentAt ?? period.start).toISOString(),
      },
    ]),
  );
  for (const digest of digests) {
    const event: UserNotificationDigestEvent = {
      id: digest.id,
      frequency,
      period_start: period.start.toISOString(),
      period_end: period.end.toISOString(),
      total: digest.notificationIds.length,
      notifications: digest.notificationIds.slice(0, DIGEST_ITEMS_MAX).flatMap((id) => byId.get(id) ?? []),
    };
    userPush.toUsers([digest.userId], 'notification_digest', event);
  }
}
