import type { UserSecurityEvent } from '@switchboard/contract/user-sections';
import { and, desc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { olderThan } from '../../db/keyset-cursor.ts';
import { securityEvents } from '../../db/schema/security.ts';

/** A page of the security events from these addresses, newest first (security_events_ip_time_idx). */
export async function eventsOfAddressesPage(
  db: Executor,
  addresses: readonly string[],
  after: [string, string] | undefined,
  limit: number,
): Promise<UserSecurityEvent[]> {
  if (addresses.length === 0) return [];
  const rows = await db
    .select({
      id: securityEvents.id,
      event_type: securityEvents.eventType,
      severity: securityEvents.severity,
      description: securityEvents.description,
      ip_address: sql<string | null>`host(${securityEvents.ipAddress})`,
      occurrences: securityEvents.occurrences,
      created_at: securityEvents.createdAt,
    })
    .from(securityEvents)
    .where(
      and(
        sql`${securityEvents.ipAddress} = any(${sql.param([...addresses])}::inet[])`,
        after ? olderThan(securityEvents.createdAt, securityEvents.id, after) : undefined,
      ),
    )
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
}
