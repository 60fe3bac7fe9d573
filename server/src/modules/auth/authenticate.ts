import type { Database } from '../../db/client.ts';
import { findAccountById } from '../users/users.repository.ts';
import type { AccessTokens, SessionPrincipal } from './access-token.ts';
import { isSessionLive } from './refresh-tokens.repository.ts';

/** The token of an `Authorization: Bearer …` header, if there is one. */
export function bearerToken(header: string | undefined): string | null {
  return header?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? null;
}

/**
 * The admin an access token belongs to, or null. The row and the token's session are read every
 * time so that a demoted, deactivated, deleted or signed-out admin loses access at once rather
 * than when the token expires.
 */
export async function authenticateAdmin(
  db: Database,
  deps: { tokens: AccessTokens },
  token: string | null,
): Promise<(SessionPrincipal & { expiresAt: number }) | null> {
  const claims = token ? await deps.tokens.verify(token) : null;
  if (!claims) return null;
  // Side by side: every guarded request waits for both.
  const [row, live] = await Promise.all([
    findAccountById(db, claims.id),
    isSessionLive(db, claims.sessionId, claims.id),
  ]);
  if (!row?.isActive || !row.isAdmin || !live) return null;
  return { ...claims, username: row.username, isRootAdmin: row.isRootAdmin };
}
