import { isIP } from 'node:net';
import { SECURITY_MESSAGES } from '@switchboard/contract/security';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { forbidden } from '../../http/http-error.ts';
import { requestContext } from '../../http/request-context.ts';
import { recordSecurityEvent } from '../security-events/record-security-event.ts';
import { findBlockCovering } from './security.repository.ts';

/** How long one instance trusts its last answer for an address; a block made elsewhere applies within this. */
export const BLOCK_DECISION_TTL_MS = 3_000;
const MAX_CACHED_ADDRESSES = 10_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's blocked-address answers; the socket server refuses and drops sockets by them. */
    blockedIps: BlockedIpCache;
  }
}

export interface BlockedIpCache {
  /** The blocked network covering the address, or null. */
  blockFor(address: string): Promise<string | null>;
  /** After a block or unblock on another instance: forget every cached answer. */
  invalidate(): void;
  /** After a block or unblock on this instance: forget every answer and tell the listeners (the socket server). */
  changed(): void;
  onChange(listener: () => void): () => void;
}

export function createBlockedIpCache(db: Database, now: () => number = Date.now): BlockedIpCache {
  const answers = new Map<string, { network: string | null; until: number | null; at: number }>();
  const listeners = new Set<() => void>();
  return {
    async blockFor(address) {
      const cached = answers.get(address);
      // A cached block stops applying the moment it expires, not up to the TTL later.
      if (
        cached &&
        now() - cached.at < BLOCK_DECISION_TTL_MS &&
        (cached.until === null || now() < cached.until)
      )
        return cached.network;
      const block = await findBlockCovering(db, address);
      if (answers.size >= MAX_CACHED_ADDRESSES) answers.clear();
      answers.set(address, {
        network: block?.network ?? null,
        until: block?.expiresAt?.getTime() ?? null,
        at: now(),
      });
      return block?.network ?? null;
    },
    invalidate: () => answers.clear(),
    changed() {
      answers.clear();
      for (const listener of listeners) listener();
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Refuses every request from a blocked address with 403 before routing, authentication or any
 * handler runs, and records it as suspicious activity (folded per address).
 */
export function installBlockedIpGuard(app: FastifyInstance, db: Database, cache: BlockedIpCache): void {
  app.addHook('onRequest', async (request) => {
    // Only a request whose socket has already gone has no address (installClientAddress).
    if (!isIP(request.ip)) return;
    // Health probes must answer from the load balancer's address even while the database is down.
    // Nor does /metrics read the database: it must answer during an outage (it is loopback- or token-only).
    if (request.url.startsWith('/api/v1/health/') || request.url === '/metrics') return;
    const network = await cache.blockFor(request.ip);
    if (!network) return;
    const ctx = requestContext(request);
    await recordSecurityEvent(db, {
      eventType: 'suspicious_activity',
      severity: 'high',
      description: `Request from blocked address ${ctx.ip} (${network}) refused`,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      details: { reason: 'blocked_ip', network, method: request.method, url: request.url.slice(0, 200) },
    }).catch((err: unknown) => request.log.error({ err }, 'could not record a blocked request'));
    throw forbidden(SECURITY_MESSAGES.refused);
  });
}
