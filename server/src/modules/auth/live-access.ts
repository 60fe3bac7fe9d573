import type { LiveAccess, LiveAccount } from '../../app-deps.ts';
import type { Database } from '../../db/client.ts';
import { accessOf } from '../admin-roles/role-access.ts';
import { findAccountById } from '../users/users.repository.ts';
import { isSessionLive } from './refresh-tokens.repository.ts';

/**
 * How long an instance reuses its answer for one session. A write through this instance clears every
 * answer before its response is sent, and with Redis the other instances clear theirs at once too;
 * a change made behind the API's back (psql, or another instance without Redis) applies within this.
 */
export const LIVE_ACCESS_TTL_MS = 2_000;
const MAX_ANSWERS = 10_000;

/**
 * Every signed-in request used to read the admin row and the session (two statements beside a list
 * page's one). An answer is now kept per session; refusals are never kept, so a revoked session is
 * read again each time.
 */
export function createLiveAccess(db: Database, now: () => number = Date.now): LiveAccess {
  const answers = new Map<string, { account: LiveAccount; at: number }>();
  const listeners = new Set<() => void>();
  // A read that began before a change must not store its (possibly stale) answer after it.
  let generation = 0;
  const forget = () => {
    generation += 1;
    answers.clear();
  };
  return {
    async accountFor(userId, sessionId) {
      const key = `${userId}/${sessionId}`;
      const cached = answers.get(key);
      if (cached && now() - cached.at < LIVE_ACCESS_TTL_MS) return cached.account;
      const readAt = generation;
      const [row, live] = await Promise.all([
        findAccountById(db, userId),
        isSessionLive(db, sessionId, userId),
      ]);
      if (!row?.isActive || !live) {
        answers.delete(key);
        return null;
      }
      const { permissions } = await accessOf(db, row);
      const account = {
        username: row.username,
        isAdmin: row.isAdmin,
        isRootAdmin: row.isRootAdmin,
        permissions,
      };
      if (readAt === generation) {
        if (answers.size >= MAX_ANSWERS) answers.clear();
        answers.set(key, { account, at: now() });
      }
      return account;
    },
    changed() {
      forget();
      for (const listener of listeners) listener();
    },
    forget,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
