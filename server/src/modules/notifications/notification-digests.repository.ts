import type { NotificationFrequency } from '@switchboard/contract/settings';
import { gte, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  type DIGEST_FREQUENCIES,
  notificationDigestRuns,
  notificationDigests,
  notificationRecipients,
  notifications,
} from '../../db/schema/notifications.ts';
import { notificationFrequencyOf } from '../users/notification-frequency.ts';

export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
export interface Period {
  start: Date;
  end: Date;
}

/** A digest this batch built: its id, its user and the notifications it gathered, oldest first. */
export interface BuiltDigest {
  id: number;
  userId: string;
  notificationIds: number[];
}

/**
 * Builds the digests of the next users (after `cursor`, by id) whose frequency is `frequency` and who were
 * sent notifications in the period: one statement inserts each digest and stamps its recipient rows with it.
 * A digest another instance built first is skipped by the unique (user, frequency, period) key, so nothing
 * is delivered twice. `candidates` counts the users looked at, built or not, and `last` is the cursor on.
 */
export async function buildDigestBatch(
  db: Executor,
  args: {
    frequency: DigestFrequency;
    period: Period;
    systemDefault: NotificationFrequency;
    cursor: string;
    size: number;
  },
): Promise<{ built: BuiltDigest[]; candidates: number; last: string | null }> {
  const { frequency, period, systemDefault, cursor, size } = args;
  const start = period.start.toISOString();
  const end = period.end.toISOString();
  const result = (await db.execute(sql`
    with candidates as (
      select r.user_id, array_agg(r.notification_id order by n.sent_at, n.id) as ids
      from ${notifications} n
      join ${notificationRecipients} r on r.notification_id = n.id
      where n.status = 'sent' and n.sent_at >= ${start}::timestamptz and n.sent_at < ${end}::timestamptz
        and r.digest_id is null and r.user_id > ${cursor}
        and ${notificationFrequencyOf(sql`r.user_id`, systemDefault)} = ${frequency}
      group by r.user_id
      order by r.user_id
      limit ${size}
    ), made as (
      insert into ${notificationDigests} (user_id, frequency, period_start, period_end, notification_count)
      select user_id, ${frequency}, ${start}::timestamptz, ${end}::timestamptz, cardinality(ids) from candidates
      on conflict do nothing
      returning id, user_id
    ), marked as (
      update ${notificationRecipients} r set digest_id = m.id, delivered_at = coalesce(r.delivered_at, now())
      from made m join candidates c on c.user_id = m.user_id
      where r.user_id = m.user_id and r.notification_id = any(c.ids)
      returning r.user_id
    )
    select (select count(*)::int from candidates) as candidates,
      (select max(user_id) from candidates) as last,
      (select count(*)::int from marked) as marked,
      (select coalesce(json_agg(json_build_object('id', m.id, 'userId', m.user_id, 'notificationIds', c.ids)), '[]')
        from made m join candidates c on c.user_id = m.user_id) as built
  `)) as unknown as {
    rows: { candidates: number; last: string | null; built: BuiltDigest[] | string }[];
  };
  const row = result.rows[0];
  if (!row) return { built: [], candidates: 0, last: null };
  const built = typeof row.built === 'string' ? (JSON.parse(row.built) as BuiltDigest[]) : row.built;
  return {
    built: built.map((d) => ({
      id: Number(d.id),
      userId: d.userId,
      notificationIds: d.notificationIds.map(Number),
    })),
    candidates: Number(row.candidates),
    last: row.last,
  };
}

/** The notifications a digest event lists. */
export async function notificationsByIds(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: notifications.id,
      title: notifications.title,
      message: notifications.message,
      type: notifications.type,
      priority: notifications.priority,
      sentAt: notifications.sentAt,
    })
    .from(notifications)
    .where(inArray(notifications.id, [...ids]));
}

/** The periods of these already completed (`frequency:start ISO`), from `since` on. */
export async function completedRuns(db: Executor, since: Date): Promise<Set<string>> {
  const rows = await db
    .select({ frequency: notificationDigestRuns.frequency, start: notificationDigestRuns.periodStart })
    .from(notificationDigestRuns)
    .where(gte(notificationDigestRuns.periodStart, since));
  return new Set(rows.map((r) => runKey(r.frequency, r.start)));
}

export const runKey = (frequency: DigestFrequency, start: Date) => `${frequency}:${start.toISOString()}`;

/** Every digest of the period is built: later ticks, here or on another instance, skip it. */
export async function markRunCompleted(db: Executor, frequency: DigestFrequency, start: Date): Promise<void> {
  await db.insert(notificationDigestRuns).values({ frequency, periodStart: start }).onConflictDoNothing();
}
