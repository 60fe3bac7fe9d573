import { ACCESS_TOKEN_TTL_SECONDS } from '@switchboard/contract/auth';
import { jwtVerify, SignJWT } from 'jose';

/** What the guard knows about the signed-in admin, read from the access token. */
export interface AdminPrincipal {
  id: string;
  username: string;
  isRootAdmin: boolean;
}

const ISSUER = 'switchboard';
const AUDIENCE = 'switchboard-console';

export function createAccessTokens(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(principal: AdminPrincipal): Promise<string> {
      return new SignJWT({ username: principal.username, root: principal.isRootAdmin })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(principal.id)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(key);
    },
    /** The principal, or null when the token is missing, forged or expired. */
    async verify(token: string): Promise<AdminPrincipal | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.username !== 'string') return null;
        return { id: payload.sub, username: payload.username, isRootAdmin: payload.root === true };
      } catch {
        return null;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
