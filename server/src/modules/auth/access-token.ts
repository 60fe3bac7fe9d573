import { ACCESS_TOKEN_TTL_SECONDS } from '@switchboard/contract/auth';
import { jwtVerify, SignJWT } from 'jose';

/** What the guard knows about the signed-in admin, read from the access token. */
export interface AdminPrincipal {
  id: string;
  username: string;
  isRootAdmin: boolean;
}

/** An admin as a verified access token names them: with the session the token dies with. */
export interface SessionPrincipal extends AdminPrincipal {
  /** The refresh-token family the token was issued for. */
  sessionId: string;
}

const ISSUER = 'switchboard';
const AUDIENCE = 'switchboard-console';

export function createAccessTokens(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(
      principal: AdminPrincipal,
      sessionId: string,
      ttlSeconds: number = ACCESS_TOKEN_TTL_SECONDS,
    ): Promise<string> {
      return new SignJWT({ username: principal.username, root: principal.isRootAdmin, sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(principal.id)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    /** The principal and when its token expires, or null when the token is forged, expired or incomplete. */
    async verify(token: string): Promise<(SessionPrincipal & { expiresAt: number }) | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          // A token that never expires, or belongs to no session, could not be revoked.
          requiredClaims: ['exp', 'iat', 'sid', 'sub'],
        });
        const { sub, username, sid, exp } = payload;
        if (typeof sub !== 'string' || typeof username !== 'string' || typeof sid !== 'string') return null;
        if (typeof exp !== 'number') return null;
        return {
          id: sub,
          username,
          isRootAdmin: payload.root === true,
          sessionId: sid,
          expiresAt: exp * 1000,
        };
      } catch {
        return null;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
