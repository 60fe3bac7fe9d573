import type { webcrypto } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS } from '@switchboard/contract/auth';
import type { Permission } from '@switchboard/contract/permissions';
import { jwtVerify, SignJWT } from 'jose';

/** What the guard knows about the signed-in admin, read from the access token. */
export interface AdminPrincipal {
  id: string;
  username: string;
  isRootAdmin: boolean;
  /**
   * What their role allows, read fresh by the guard on each request (never from the token). Absent
   * on a principal that did not come through the guard: then only root may do anything further.
   */
  permissions?: readonly Permission[];
}

/**
 * Any signed-in account. `isAdmin` is true only for a console session of an admin: the token says
 * which kind of session it belongs to, so an app session never opens an admin route.
 */
export interface AccountPrincipal extends AdminPrincipal {
  isAdmin: boolean;
}

/** An account as a verified access token names it: with the session the token dies with. */
export interface SessionPrincipal extends AccountPrincipal {
  /** The refresh-token family the token was issued for. */
  sessionId: string;
}

/** The token of an `Authorization: Bearer …` header, if there is one. */
export function bearerToken(header: string | undefined): string | null {
  return header?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? null;
}

const ISSUER = 'switchboard';
const AUDIENCE = 'switchboard-console';
/** Verified tokens remembered at most; the cache starts over when full. */
const MAX_VERIFIED = 10_000;

type VerifiedToken = SessionPrincipal & { expiresAt: number };

export function createAccessTokens(secret: string) {
  // Imported once: given the raw bytes, jose imports a WebCrypto key again on every sign and verify.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // A token's signature and claims never change, so each one is checked once; only its expiry is
  // looked at again on every use. Whether its admin and session are still live is the caller's
  // question (authenticate.ts), asked every time.
  const verified = new Map<string, VerifiedToken>();
  return {
    async sign(
      /** Without `isAdmin`, a console token (which only an active admin's account can use). */
      principal: AdminPrincipal & { isAdmin?: boolean },
      sessionId: string,
      ttlSeconds: number = ACCESS_TOKEN_TTL_SECONDS,
    ): Promise<string> {
      return new SignJWT({
        username: principal.username,
        root: principal.isRootAdmin,
        adm: principal.isAdmin ?? true,
        sid: sessionId,
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(principal.id)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(await key);
    },
    /** The principal and when its token expires, or null when the token is forged, expired or incomplete. */
    async verify(token: string): Promise<VerifiedToken | null> {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > Date.now()) return { ...known };
        verified.delete(token);
        return null;
      }
      const claims = await verifyToken(token, await key);
      if (claims) {
        if (verified.size >= MAX_VERIFIED) verified.clear();
        verified.set(token, claims);
        return { ...claims };
      }
      return null;
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;

async function verifyToken(token: string, key: webcrypto.CryptoKey): Promise<VerifiedToken | null> {
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
      // Tokens from before app sessions existed were all console tokens of admins.
      isAdmin: payload.adm !== false,
      sessionId: sid,
      expiresAt: exp * 1000,
    };
  } catch {
    return null;
  }
}

/**
 * Whether the acting admin holds a permission beyond the one their endpoint declared (e.g. making an
 * admin through the users' bulk action). Without permissions read from their role, only root does.
 */
export function holds(
  actor: { isRootAdmin: boolean; permissions?: readonly Permission[] | undefined },
  permission: Permission,
): boolean {
  return actor.isRootAdmin || (actor.permissions?.includes(permission) ?? false);
}
