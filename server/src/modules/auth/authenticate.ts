import type { LiveAccess } from '../../app-deps.ts';
import type { AccessTokens, SessionPrincipal } from '../../http/access-token.ts';

type Authenticated = SessionPrincipal & { expiresAt: number };

/**
 * The account an access token belongs to, or null. The account and the token's session are checked
 * through `liveAccess`, so that a deactivated, deleted or signed-out account loses access at once
 * (see LIVE_ACCESS_TTL_MS for changes made elsewhere) rather than when the token expires. A console
 * token (`isAdmin`) also dies when its account stops being an admin; an app token never gains rights.
 */
export async function authenticateAccount(
  deps: { tokens: AccessTokens; liveAccess: LiveAccess },
  token: string | null,
): Promise<Authenticated | null> {
  const claims = token ? await deps.tokens.verify(token) : null;
  if (!claims) return null;
  const account = await deps.liveAccess.accountFor(claims.id, claims.sessionId);
  if (!account) return null;
  if (claims.isAdmin && !account.isAdmin) return null;
  return {
    ...claims,
    username: account.username,
    isAdmin: claims.isAdmin,
    isRootAdmin: claims.isAdmin && account.isRootAdmin,
    // An app token never gains an admin's rights, whatever the account's role.
    permissions: claims.isAdmin ? account.permissions : [],
  };
}

/** The admin a console access token belongs to, or null (app tokens included). */
export async function authenticateAdmin(
  deps: { tokens: AccessTokens; liveAccess: LiveAccess },
  token: string | null,
): Promise<Authenticated | null> {
  const principal = await authenticateAccount(deps, token);
  return principal?.isAdmin ? principal : null;
}
