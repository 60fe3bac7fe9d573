import type { Executor } from '../../db/client.ts';
import { findAccountById } from '../users/users.repository.ts';
import type { AccessTokens, SessionPrincipal } from './access-token.ts';
import type { LiveAccess } from './live-access.ts';
import { isSessionLive } from './refresh-tokens.repository.ts';

/** The token of an `Authorization: Bearer …` header, if there is one. */
export function bearerToken(header: string | undefined): string | null {
  return header?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? null;
}

/**
 * The admin an access token belongs to, or null. The account and the token's session are checked
 * through `liveAccess`, so that a demoted, deactivated, deleted or signed-out admin loses access at
 * once (see LIVE_ACCESS_TTL_MS for changes made elsewhere) rather than when the token expires.
 */
export async function authenticateAdmin(
  deps: { tokens: AccessTokens; liveAccess: LiveAccess },
  token: string | null,
): Promise<(SessionPrincipal & { expiresAt: number }) | null> {
  const claims = token ? await deps.tokens.verify(token) : null;
  if (!claims) return null;
  const account = await deps.liveAccess.accountFor(claims.id, claims.sessionId);
  if (!account) return null;
  return { ...claims, ...account };
}

/**
 * The account an access token belongs to, admin or app user, or null: the account must be active and not
 * deleted and the token's session live. Read fresh each time (calling-app sockets check it once, on connect).
 */
export async function authenticateAccount(
  deps: { tokens: AccessTokens; db: Executor },
  token: string | null,
): Promise<{ id: string; username: string; sessionId: string; expiresAt: number } | null> {
  const claims = token ? await deps.tokens.verify(token) : null;
  if (!claims) return null;
  const [account, live] = await Promise.all([
    findAccountById(deps.db, claims.id),
    isSessionLive(deps.db, claims.sessionId, claims.id),
  ]);
  if (!account?.isActive || !live) return null;
  return {
    id: account.id,
    username: account.username,
    sessionId: claims.sessionId,
    expiresAt: claims.expiresAt,
  };
}
