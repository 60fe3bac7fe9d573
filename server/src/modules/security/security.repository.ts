import type { BlockedIp, ListSecurityEventsQuery, SecurityEvent } from '@switchboard/contract/security';
import { and, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { PagePosition } from '../../db/keyset-cursor.ts';
import { countUpTo, queryRows } from '../../db/query-rows.ts';
import { readCounters } from '../../db/row-counts.ts';
import { blockedIps, securityEvents } from '../../db/schema/security.ts';

const eventColumns = {
  id: securityEvents.id,
  event_type: securityEvents.eventType,
  severity: securityEvents.severity,
  description: securityEvents.description,
  ip_address: sql<string | null>`host(${securityEvents.ipAddress})`,
  user_agent: securityEvents.userAgent,
  username: securityEvents.username,
  timestamp: sql<string>`to_json(${securityEvents.createdAt}) #>> '{}'`,
  last_seen_at: sql<string>`to_json(${securityEvents.lastSeenAt}) #>> '{}'`,
  occurrences: securityEvents.occurrences,
  resolved: securityEvents.resolved,
};

/** The list's filters as conditions; each is served by a (filter, id) index, the IP by ip_address's. */
function eventConditions(query: ListSecurityEventsQuery): SQL[] {
  const where: SQL[] = [];
  if (query.status !== 'all') where.push(eq(securityEvents.resolved, query.status === 'resolved'));
  if (query.severity) where.push(eq(securityEvents.severity, query.severity));
  if (query.type) where.push(eq(securityEvents.eventType, query.type));
  // An address finds its own events; a range (203.0.113.0/24) every address in it.
  if (query.ip) where.push(sql`${securityEvents.ipAddress} <<= ${query.ip}::inet`);
  if (query.start) where.push(sql`${securityEvents.createdAt} >= ${query.start}::timestamptz`);
  if (query.end) where.push(sql`${securityEvents.createdAt} < ${query.end}::timestamptz`);
  return where;
}

/**
 * Newest first by id (the order they were recorded in), over the primary key or a (filter, id)
 * index; after the cursor's id when there is one, else at an OFFSET.
 */
export async function listEvents(
  db: Executor,
  query: ListSecurityEventsQuery,
  { after, offset }: PagePosition,
): Promise<SecurityEvent[]> {
  const where = eventConditions(query);
  if (after) where.push(lt(securityEvents.id, Number(after[1])));
  return db
    .select(eventColumns)
    .from(securityEvents)
    .where(and(...where))
    .orderBy(desc(securityEvents.id))
    .limit(query.per_page)
    .offset(offset);
}

/**
 * The list's total from the shared counters, exact without count(*), when the filter is one a counter
 * keeps (none, status or severity); null otherwise, for countEventsCapped.
 */
export async function countEvents(db: Executor, query: ListSecurityEventsQuery): Promise<number | null> {
  if (query.status !== 'all' && query.severity) return null;
  if (query.type || query.ip || query.start || query.end) return null;
  const name = query.severity
    ? `security_events.${query.severity}`
    : query.status === 'all'
      ? 'security_events.total'
      : `security_events.resolved.${query.status === 'resolved'}`;
  const counts = await readCounters(db, [name]);
  return counts[name] ?? 0;
}

/** Any other filter: counted over its index, capped. */
export async function countEventsCapped(
  db: Executor,
  query: ListSecurityEventsQuery,
  cap: number,
): Promise<number> {
  return countUpTo(db, sql`${securityEvents} where ${and(sql`true`, ...eventConditions(query))}`, cap);
}

export async function eventCounters(db: Executor) {
  return readCounters(db, [
    'security_events.total',
    'security_events.critical',
    'security_events.high',
    'security_events.medium',
    'security_events.low',
    'security_events.resolved.false',
    'blocked_ips.total',
  ]);
}

/** Events first seen in the last 24 hours, counted over the created_at index up to the cap. */
export async function countRecentEvents(db: Executor, cap: number): Promise<number> {
  return countUpTo(
    db,
    sql`${securityEvents} where ${securityEvents.createdAt} > now() - interval '24 hours'`,
    cap,
  );
}

export async function findEventForUpdate(tx: Executor, id: number): Promise<SecurityEvent | undefined> {
  const [row] = await tx
    .select(eventColumns)
    .from(securityEvents)
    .where(eq(securityEvents.id, id))
    .for('update');
  return row;
}

export async function markResolved(tx: Executor, id: number, by: string): Promise<SecurityEvent> {
  const [row] = await tx
    .update(securityEvents)
    .set({ resolved: true, resolvedAt: new Date(), resolvedBy: by })
    .where(eq(securityEvents.id, id))
    .returning(eventColumns);
  if (!row) throw new Error(`security event ${id} vanished under its lock`);
  return row;
}

/** Back to active: who resolved it and when are cleared. */
export async function markActive(tx: Executor, id: number): Promise<SecurityEvent> {
  const [row] = await tx
    .update(securityEvents)
    .set({ resolved: false, resolvedAt: null, resolvedBy: null })
    .where(eq(securityEvents.id, id))
    .returning(eventColumns);
  if (!row) throw new Error(`security event ${id} vanished under its lock`);
  return row;
}

/** A single address without its /32 or /128; a range as address/prefix. */
const networkText = (column: SQL) =>
  sql<string>`case when masklen(${column}) = case family(${column}) when 4 then 32 else 128 end
    then host(${column}) else text(${column}) end`;

const blockedColumns = {
  ip_address: networkText(sql`${blockedIps.ipAddress}`),
  reason: blockedIps.reason,
  blocked_at: sql<string>`to_json(${blockedIps.blockedAt}) #>> '{}'`,
  blocked_by: blockedIps.blockedBy,
  expires_at: sql<string | null>`to_json(${blockedIps.expiresAt}) #>> '{}'`,
};

/** Blocks still in force: no expiry, or one still ahead. */
const inForce = sql`(${blockedIps.expiresAt} is null or ${blockedIps.expiresAt} > now())`;

/**
 * Deletes the blocks whose expiry has passed (the guard already ignores them): the list, the count and a
 * new block of the same address then see only blocks in force. Returns the networks removed.
 */
export async function deleteExpiredBlocks(tx: Executor): Promise<string[]> {
  const rows = await tx
    .delete(blockedIps)
    .where(sql`${blockedIps.expiresAt} <= now()`)
    .returning({ ip_address: blockedColumns.ip_address });
  return rows.map((r) => r.ip_address);
}

export async function listBlockedIps(db: Executor, perPage: number, offset: number): Promise<BlockedIp[]> {
  return db
    .select(blockedColumns)
    .from(blockedIps)
    .orderBy(desc(blockedIps.blockedAt), desc(blockedIps.ipAddress))
    .limit(perPage)
    .offset(offset);
}

export async function countBlockedIps(db: Executor): Promise<number> {
  return (await readCounters(db, ['blocked_ips.total']))['blocked_ips.total'];
}

/** The network the text names ('10.0.0.5' → 10.0.0.5/32, '10.1.2.3/8' → 10.0.0.0/8), or null if PostgreSQL rejects it. */
export async function normaliseNetwork(db: Executor, text: string): Promise<string | null> {
  try {
    const rows = await queryRows<{ net: string }>(
      db,
      sql`select ${networkText(sql`network(${text}::inet)`)} as net`,
    );
    return rows[0]?.net ?? null;
  } catch {
    return null;
  }
}

/** Whether the network covers the address (both as text PostgreSQL accepts). */
export async function networkCovers(db: Executor, network: string, address: string): Promise<boolean> {
  const rows = await queryRows<{ covers: boolean }>(
    db,
    sql`select ${address}::inet <<= ${network}::cidr as covers`,
  );
  return Boolean(rows[0]?.covers);
}

export async function insertBlockedIp(
  tx: Executor,
  entry: { network: string; reason: string; blockedBy: string; expiresAt: Date | null },
): Promise<BlockedIp | undefined> {
  const [row] = await tx
    .insert(blockedIps)
    .values({
      ipAddress: entry.network,
      reason: entry.reason,
      blockedBy: entry.blockedBy,
      expiresAt: entry.expiresAt,
    })
    .onConflictDoNothing()
    .returning(blockedColumns);
  return row;
}

export async function deleteBlockedIp(tx: Executor, network: string): Promise<BlockedIp | undefined> {
  const [row] = await tx
    .delete(blockedIps)
    .where(sql`${blockedIps.ipAddress} = ${network}::cidr`)
    .returning(blockedColumns);
  return row;
}

/**
 * The block in force covering the address, if any (GiST inet_ops index on ip_address), with when it
 * lapses (null: never); of several, the one lasting longest.
 */
export async function findBlockCovering(
  db: Executor,
  address: string,
): Promise<{ network: string; expiresAt: Date | null } | null> {
  const rows = await queryRows<{ net: string; expires_at: string | Date | null }>(
    db,
    sql`
    select ${networkText(sql`${blockedIps.ipAddress}`)} as net, ${blockedIps.expiresAt} as expires_at
    from ${blockedIps}
    where ${address}::inet <<= ${blockedIps.ipAddress} and ${inForce}
    order by ${blockedIps.expiresAt} desc nulls first
    limit 1`,
  );
  const row = rows[0];
  if (!row) return null;
  return { network: row.net, expiresAt: row.expires_at === null ? null : new Date(row.expires_at) };
}

/** The network's address family (4 or 6) and prefix length: how wide a block is. */
export async function networkWidth(db: Executor, network: string): Promise<{ family: number; bits: number }> {
  const rows = await queryRows<{ family: number; bits: number }>(
    db,
    sql`select family(${network}::cidr) as family, masklen(${network}::cidr) as bits`,
  );
  return { family: Number(rows[0]?.family ?? 4), bits: Number(rows[0]?.bits ?? 0) };
}

/** Whether the network contains any of the addresses (compared by the database, not as text). */
export async function networkCoversAny(
  db: Executor,
  network: string,
  addresses: readonly string[],
): Promise<boolean> {
  if (addresses.length === 0) return false;
  const rows = await queryRows<{ covers: boolean }>(
    db,
    sql`select exists (
      select 1 from unnest(${`{${addresses.join(',')}}`}::inet[]) a where a <<= ${network}::cidr
    ) as covers`,
  );
  return Boolean(rows[0]?.covers);
}
