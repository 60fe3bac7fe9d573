import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccessTokens } from './access-token.ts';

const SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
const key = new TextEncoder().encode(SECRET);
const claims = { username: 'alice', root: false, sid: 'session-1' };
const sign = (build: (jwt: SignJWT) => SignJWT) =>
  build(
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('user-1')
      .setIssuer('switchboard')
      .setAudience('switchboard-console'),
  ).sign(key);

describe('access tokens', () => {
  const tokens = createAccessTokens(SECRET);

  it('carry the session they were issued for', async () => {
    const token = await tokens.sign({ id: 'user-1', username: 'alice', isRootAdmin: false }, 'session-1');
    expect(await tokens.verify(token)).toMatchObject({ id: 'user-1', sessionId: 'session-1' });
  });

  it('are refused without an expiry, an issue time or a session, even when correctly signed', async () => {
    expect(
      await tokens.verify(await sign((jwt) => jwt.setIssuedAt().setExpirationTime('5m'))),
    ).not.toBeNull();
    expect(await tokens.verify(await sign((jwt) => jwt.setIssuedAt()))).toBeNull();
    expect(await tokens.verify(await sign((jwt) => jwt.setExpirationTime('5m')))).toBeNull();
    const noSid = await new SignJWT({ username: 'alice' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('user-1')
      .setIssuer('switchboard')
      .setAudience('switchboard-console')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
    expect(await tokens.verify(noSid)).toBeNull();
  });

  describe('once verified', () => {
    afterEach(() => vi.useRealTimers());

    it('are still refused when they expire', async () => {
      const token = await tokens.sign(
        { id: 'user-1', username: 'alice', isRootAdmin: false },
        'session-1',
        60,
      );
      expect(await tokens.verify(token)).not.toBeNull();
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
      expect(await tokens.verify(token)).toBeNull();
    });

    it('stay refused when tampered with or signed with another secret', async () => {
      const token = await tokens.sign({ id: 'user-1', username: 'alice', isRootAdmin: false }, 'session-1');
      expect(await tokens.verify(token)).not.toBeNull();
      const [header, payload, signature] = token.split('.');
      const forgedPayload = Buffer.from(
        JSON.stringify({ ...JSON.parse(Buffer.from(String(payload), 'base64url').toString()), root: true }),
      ).toString('base64url');
      expect(await tokens.verify(`${header}.${forgedPayload}.${signature}`)).toBeNull();
      expect(
        await createAccessTokens('another-secret-that-is-long-enough-for-hs256').verify(token),
      ).toBeNull();
    });
  });
});
