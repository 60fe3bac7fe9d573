import type { LiveAccess } from '../../app-deps.ts';
import type { AccessTokens, SessionPrincipal } from '../../http/access-token.ts';

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
