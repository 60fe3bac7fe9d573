import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import type { AccessTokens, AdminPrincipal } from './access-token.ts';

/** The token of an `Authorization: Bearer …` header, if there is one. */
export function bearerToken(header: string | undefined): string | null {
  return header?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? null;
}

/**
 * The admin an access token belongs to, or null. The row is read every time so that a demoted,
 * deactivated or deleted admin loses access at once rather than when the token expires.
 */
export async function authenticateAdmin(
  deps: { db: Database; tokens: AccessTokens },
  token: string | null,
): Promise<AdminPrincipal | null> {
  const claims = token ? await deps.tokens.verify(token) : null;
  if (!claims) return null;
  const [row] = await deps.db
    .select({
      username: users.username,
      isActive: users.isActive,
      isAdmin: users.isAdmin,
      isRoot: users.isRootAdmin,
    })
    .from(users)
    .where(and(eq(users.id, claims.id), isNull(users.deletedAt)))
    .limit(1);
  if (!row?.isActive || !row.isAdmin) return null;
  return { id: claims.id, username: row.username, isRootAdmin: row.isRoot };
}
