import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { type SECURITY_EVENT_TYPES, type SEVERITIES, securityEvents } from '../../db/schema/security.ts';
import { liveSettings } from '../settings/live-settings.ts';
import { enqueueWebhookEvent } from '../webhook-outbox/webhook-outbox.ts';

export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];
export type Severity = (typeof SEVERITIES)[number];

export interface SecurityEventInput {
  eventType: SecurityEventType;
  severity: Severity;
  description: string;
  ip: string | null;
  userAgent: string | null;
  userId?: string | null;
  username?: string | null;
  details?: Record<string, unknown> | null;
}

/**
 * Adds an event to the Security screen's list; pass a transaction (`executor`) to make it part of a larger change.
 * A repeat of an active event of the same type from the same address within the fold window
 * (security_policies.event_fold_window_seconds) only counts up that event's occurrences, so a flood is
 * one row; once it reaches critical_occurrence_threshold the event becomes critical.
 */
export async function recordSecurityEvent(
  db: Database,
  event: SecurityEventInput,
  executor: Executor = db,
): Promise<void> {
  // A savepoint inside a caller's transaction, else a transaction of its own: the lock below must
  // last until the new row is visible, so two concurrent repeats cannot both insert.
  await executor.transaction(async (tx) => {
    if (event.ip) {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`security-event:${event.eventType}:${event.ip}`}))`,
      );
      const policies = await liveSettings(db).section('security_policies', tx);
      const folded = await queryRows<{ id: number }>(
        tx,
        sql`
        update security_events set
          occurrences = occurrences + 1,
          last_seen_at = now(),
          severity = case when occurrences + 1 >= ${policies.critical_occurrence_threshold}
                          then 'critical' else severity end
        where id = (
          select id from security_events
          where event_type = ${event.eventType} and ip_address = ${event.ip}::inet and not resolved
            and created_at > now() - make_interval(secs => ${policies.event_fold_window_seconds})
          order by created_at desc
          limit 1
        )
        returning id`,
      );
      if (folded.length > 0) return;
    }
    const [inserted] = await tx
      .insert(securityEvents)
      .values({
        eventType: event.eventType,
        severity: event.severity,
        description: event.description.slice(0, 1000),
        ipAddress: event.ip,
        userAgent: event.userAgent,
        userId: event.userId ?? null,
        username: event.username ?? null,
        details: event.details ?? null,
      })
      .returning({ id: securityEvents.id, createdAt: securityEvents.createdAt });
    // A repeat folded into an open event above is not sent again, as the Security screen shows one row.
    await enqueueWebhookEvent(tx, {
      type: 'security.event',
      data: {
        id: inserted?.id,
        event_type: event.eventType,
        severity: event.severity,
        description: event.description.slice(0, 1000),
        ip_address: event.ip,
        user_id: event.userId ?? null,
        username: event.username ?? null,
        created_at: inserted?.createdAt.toISOString(),
      },
    });
  });
}
