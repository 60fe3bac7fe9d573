import {
  type BlockedIp,
  type BlockedIpsPage,
  type BlockedIpsQuery,
  type BlockIpRequest,
  type ListSecurityEventsQuery,
  SECURITY_MESSAGES,
  type SecurityEvent,
  type SecurityEventsPage,
  type SecurityPolicies,
  type SecurityStats,
} from '@switchboard/contract/security';
import type { Database } from '../../db/client.ts';
import { nextCursorOf, pagePosition } from '../../db/keyset-cursor.ts';
import { COUNT_CAP, cappedTotal } from '../../db/row-counts.ts';
import { type AdminPrincipal, holds } from '../../http/access-token.ts';
import { badRequest, conflict, HttpError, notFound } from '../../http/http-error.ts';
import { pageEnvelope } from '../../http/page-envelope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { unmappedAddress } from '../../http/unmapped-address.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { sessionAddressesOf } from '../auth/refresh-tokens.repository.ts';
import { type LiveSettings, liveSettings } from '../settings/live-settings.ts';
import { refuseCripplingPolicies } from '../settings/setting-floors.ts';
import { saveSettingsSection } from '../settings/settings.service.ts';
import { activeRootAdminIds } from '../users/users.repository.ts';
import type { BlockedIpCache } from './blocked-ip-guard.ts';
import * as repo from './security.repository.ts';

/** Totals come from the counters; only both filters at once are counted, up to the cap. */
export async function listEvents(db: Database, query: ListSecurityEventsQuery): Promise<SecurityEventsPage> {
  const position = pagePosition(query);
  const [events, counted] = await Promise.all([
    repo.listEvents(db, query, position),
    repo.countEvents(db, query),
  ]);
  const { total, totalCapped } =
    counted === null
      ? cappedTotal(await repo.countEventsCapped(db, query, COUNT_CAP + 1))
      : { total: counted, totalCapped: false };
  return {
    events,
    ...pageEnvelope('per_page', query, {
      total,
      totalCapped,
      nextCursor: nextCursorOf(events, query.per_page, (e) => [e.timestamp, e.id]),
    }),
  };
}

export async function securityStats(db: Database): Promise<SecurityStats> {
  await repo.deleteExpiredBlocks(db);
  const [c, recent] = await Promise.all([repo.eventCounters(db), repo.countRecentEvents(db, COUNT_CAP)]);
  return {
    total_events: c['security_events.total'],
    critical_events: c['security_events.critical'],
    high_events: c['security_events.high'],
    medium_events: c['security_events.medium'],
    low_events: c['security_events.low'],
    active_events: c['security_events.resolved.false'],
    blocked_ips: c['blocked_ips.total'],
    last_24h_events: recent,
  };
}

/** Active → resolved, once; `reopenEvent` is the way back. */
export async function resolveEvent(
  db: Database,
  actor: AdminPrincipal,
  id: number,
  context: RequestContext,
): Promise<SecurityEvent> {
  return db.transaction(async (tx) => {
    const before = await repo.findEventForUpdate(tx, id);
    if (!before) throw notFound(SECURITY_MESSAGES.eventNotFound);
    if (before.resolved) throw conflict(SECURITY_MESSAGES.alreadyResolved);
    const after = await repo.markResolved(tx, id, actor.id);
    await recordAudit(tx, {
      actor,
      action: 'security_event.resolve',
      targetType: 'security_event',
      targetId: String(id),
      before: { resolved: false },
      after: { resolved: true },
      context,
    });
    return after;
  });
}

/** Resolved → active again (the console's Undo after a resolve); an active event is refused with 409. */
export async function reopenEvent(
  db: Database,
  actor: AdminPrincipal,
  id: number,
  context: RequestContext,
): Promise<SecurityEvent> {
  return db.transaction(async (tx) => {
    const before = await repo.findEventForUpdate(tx, id);
    if (!before) throw notFound(SECURITY_MESSAGES.eventNotFound);
    if (!before.resolved) throw conflict(SECURITY_MESSAGES.notResolved);
    const after = await repo.markActive(tx, id);
    await recordAudit(tx, {
      actor,
      action: 'security_event.reopen',
      targetType: 'security_event',
      targetId: String(id),
      before: { resolved: true },
      after: { resolved: false },
      context,
    });
    return after;
  });
}

export async function listBlockedIps(db: Database, query: BlockedIpsQuery): Promise<BlockedIpsPage> {
  const { page, per_page } = query;
  // Lapsed blocks no longer apply (the guard skips them): gone from the list and its count too.
  await repo.deleteExpiredBlocks(db);
  const [blocked_ips, total] = await Promise.all([
    repo.listBlockedIps(db, per_page, (page - 1) * per_page),
    repo.countBlockedIps(db),
  ]);
  return { blocked_ips, ...pageEnvelope('per_page', query, { total }) };
}

export async function blockIp(
  db: Database,
  { blocked: cache }: { blocked: BlockedIpCache },
  actor: AdminPrincipal,
  body: BlockIpRequest,
  context: RequestContext,
): Promise<BlockedIp> {
  const network = await repo.normaliseNetwork(db, unmappedAddress(body.ip));
  if (!network) throw badRequest(SECURITY_MESSAGES.invalidIp, 'ip');
  if (await repo.networkCovers(db, network, unmappedAddress(context.ip)))
    throw badRequest(SECURITY_MESSAGES.ownAddress, 'ip');
  await refuseLockout(db, actor, network);
  const blocked = await db.transaction(async (tx) => {
    // A lapsed block of the same network gives way to the new one.
    await repo.deleteExpiredBlocks(tx);
    const row = await repo.insertBlockedIp(tx, {
      network,
      reason: body.reason,
      blockedBy: actor.username,
      expiresAt: body.expires_at ? new Date(body.expires_at) : null,
    });
    if (!row) throw conflict(SECURITY_MESSAGES.alreadyBlocked, 'ip');
    await recordAudit(tx, {
      actor,
      action: 'ip.block',
      targetType: 'blocked_ip',
      targetId: row.ip_address,
      before: null,
      after: row,
      context,
    });
    return row;
  });
  cache.changed();
  return blocked;
}

/** Blocks no role may make: one that locks a signed-in root admin out, or a wide one without the permission. */
async function refuseLockout(db: Database, actor: AdminPrincipal, network: string): Promise<void> {
  const { family, bits } = await repo.networkWidth(db, network);
  if (bits < (family === 4 ? WIDEST_BLOCK.ipv4 : WIDEST_BLOCK.ipv6) && !holds(actor, 'settings:security'))
    throw new HttpError(403, SECURITY_MESSAGES.tooWide, { field: 'ip' });
  const rootAddresses = (await sessionAddressesOf(db, await activeRootAdminIds(db))).map(unmappedAddress);
  if (await repo.networkCoversAny(db, network, rootAddresses))
    throw new HttpError(403, SECURITY_MESSAGES.coversRootAdmin, { field: 'ip' });
}

const WIDEST_BLOCK = { ipv4: 16, ipv6: 32 } as const;

export async function unblockIp(
  db: Database,
  { blocked: cache }: { blocked: BlockedIpCache },
  actor: AdminPrincipal,
  ip: string,
  context: RequestContext,
): Promise<void> {
  const network = await repo.normaliseNetwork(db, unmappedAddress(ip));
  if (!network) throw badRequest(SECURITY_MESSAGES.invalidIp, 'ip');
  await db.transaction(async (tx) => {
    const removed = await repo.deleteBlockedIp(tx, network);
    if (!removed) throw notFound(SECURITY_MESSAGES.notBlocked);
    await recordAudit(tx, {
      actor,
      action: 'ip.unblock',
      targetType: 'blocked_ip',
      targetId: removed.ip_address,
      before: removed,
      after: null,
      context,
    });
  });
  cache.changed();
}

export function readPolicies(db: Database): Promise<SecurityPolicies> {
  return liveSettings(db).section('security_policies');
}

/** Saved policies (rate limits included) govern this instance's next request; others reload within seconds. */
export function savePolicies(
  db: Database,
  { live }: { live: LiveSettings },
  actor: AdminPrincipal,
  changes: Partial<SecurityPolicies>,
  context: RequestContext,
): Promise<SecurityPolicies> {
  return saveSettingsSection(db, { live }, actor, 'security_policies', context, (before) => {
    const after = { ...before, ...changes };
    refuseCripplingPolicies(actor, before, after);
    return after;
  });
}
