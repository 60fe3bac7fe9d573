import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertTestSession, insertUser, type TestApp } from '../testing/test-app.ts';
import { createAccessTokens } from './access-token.ts';
import type { RegisteredRoute } from './route-table.ts';

/**
 * Deny by default (docs/architecture.md): the only /api/v1 routes reachable without a signed-in admin.
 * Adding a public route means adding it here, on purpose.
 */
const PUBLIC_ROUTES = [
  'GET /api/v1/admin_root_admin/status',
  // The calling app's API (none signed in yet): answers 503 in maintenance mode.
  'GET /api/v1/app/ping',
  'GET /api/v1/health/ready',
  'GET /api/v1/health/simple',
  // Official-message images, loaded by <img>; names are random and server-generated.
  'GET /api/v1/uploads/:name',
  // Crash reports: the crash screen also shows to signed-out visitors; rate-limited per IP.
  'POST /api/v1/admin/errors',
  'POST /api/v1/admin_root_admin/register',
  'POST /api/v1/auth/app/login',
  'POST /api/v1/auth/login',
  'POST /api/v1/auth/logout',
  'POST /api/v1/auth/refresh-token',
  'POST /api/v1/auth/register',
  'POST /api/v1/auth/request-otp',
  'POST /api/v1/auth/verify-otp',
  // The payment providers' own calls: each body is verified by its signature (Stripe) or signed payload (Apple).
  'POST /api/v1/payments/apple/notifications',
  'POST /api/v1/payments/stripe/webhook',
];

const label = (r: RegisteredRoute) => `${r.method} ${r.url}`;
/**
 * A fresh client address per request of the walk: refused requests are limited per address
 * (UNAUTHENTICATED_REQUESTS_PER_MINUTE), and the walk must see the guard's 401, not the limit's 429.
 */
let nextAddress = 0;
const freshAddress = () => {
  nextAddress += 1;
  return `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress & 255}`;
};
/** A concrete URL for a route pattern: any parameter gets a well-formed id that matches nothing. */
const concreteUrl = (url: string) =>
  url.replace(/:[A-Za-z_]+/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'anything');

/** An `alg: none` JWT with the right claims: a guard that skipped the signature check would accept it. */
const unsignedToken = (claims: Record<string, unknown>) => {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ ...claims, iss: 'switchboard', aud: 'switchboard-console', iat: now, exp: now + 600 })}.`;
};

describe('deny by default', () => {
  let t: TestApp;
  let apiRoutes: RegisteredRoute[];
  let guarded: RegisteredRoute[];
  let adminOnly: RegisteredRoute[];
  const headers: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    // HEAD routes mirror their GET route's config; checking the GET covers them.
    apiRoutes = t.app.routeTable.filter((r) => r.url.startsWith('/api/v1/') && r.method !== 'HEAD');
    guarded = apiRoutes.filter((r) => !r.public);
    adminOnly = guarded.filter((r) => !r.user);

    const other = createAccessTokens('another-secret-that-is-long-enough-for-hs256');
    const admin = await insertUser(t.db, { username: 'real-admin', isRootAdmin: true });
    headers.root = (await t.authHeader(admin)).authorization;
    const nonAdmin = await insertUser(t.db, { username: 'caller', isAdmin: false });
    const deactivated = await insertUser(t.db, { username: 'gone', isAdmin: true, isActive: false });
    headers.forged = `Bearer ${await other.sign({ ...admin, isRootAdmin: true }, randomUUID())}`;
    headers.unsigned = `Bearer ${unsignedToken({ sub: admin.id, username: admin.username, root: true })}`;
    headers.garbage = 'Bearer not-a-jwt';
    headers.notBearer = `Basic ${Buffer.from('real-admin:whatever').toString('base64')}`;
    headers.nonAdmin = (await t.authHeader(nonAdmin)).authorization;
    headers.app = (await t.appAuthHeader(nonAdmin)).authorization;
    // A live session's token that has run out, for an admin and for an app user.
    const expired = (principal: typeof admin, console: boolean) =>
      insertTestSession(t.db, principal.id, console).then(
        async (sid) =>
          `Bearer ${await t.deps.tokens.sign(console ? principal : { ...principal, isAdmin: false, isRootAdmin: false }, sid, -120)}`,
      );
    headers.expired = await expired(admin, true);
    headers.expiredApp = await expired(nonAdmin, false);
    headers.forgedApp = `Bearer ${await other.sign({ ...nonAdmin, isAdmin: false }, randomUUID())}`;
    headers.adminApp = (await t.appAuthHeader(admin)).authorization;
    headers.deactivated = (await t.authHeader(deactivated)).authorization;
    const plainAdmin = await insertUser(t.db, { username: 'plain-admin', isAdmin: true });
    headers.nonRoot = (await t.authHeader(plainAdmin)).authorization;
    headers.deleted = (
      await t.authHeader({ id: '00000000-0000-4000-8000-00000000dead', username: 'x', isRootAdmin: true })
    ).authorization;
  });
  afterAll(() => t.close());

  it('has exactly the intended public routes', () => {
    expect(
      apiRoutes
        .filter((r) => r.public)
        .map(label)
        .sort(),
    ).toEqual(PUBLIC_ROUTES);
  });

  /** The route with the token under `key` (none when undefined), and an empty body where it takes one. */
  const call = (route: RegisteredRoute, key: string | undefined, remoteAddress?: string) =>
    t.app.inject({
      method: route.method as 'GET',
      url: concreteUrl(route.url),
      headers: key ? { authorization: headers[key] as string } : {},
      ...(remoteAddress ? { remoteAddress } : {}),
      payload: ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined,
    });

  it('declares a permission on every guarded route, so no admin route is open to every role', () => {
    const undeclared = guarded.filter((r) => !r.user && !r.permission).map(label);
    expect(undeclared).toEqual([]);
  });

  it('sees the route table (the walk below is not vacuous)', () => {
    expect(guarded.length).toBeGreaterThan(0);
  });

  it('lets a signed-in root admin past the guard on every guarded GET, so the 401s below come from it', async () => {
    const failures: string[] = [];
    for (const route of guarded.filter((r) => r.method === 'GET')) {
      const res = await call(route, 'root');
      if (res.statusCode === 401) failures.push(label(route));
    }
    expect(failures).toEqual([]);
  });

  // Every way of lacking a valid session, on every guarded route (admin and app routes alike). A valid
  // app user's token is the 403 walk below.
  it.each([
    ['an expired admin token of a live session', 'expired'],
    ['an expired app token of a live session', 'expiredApp'],
    ['an app token signed with another secret', 'forgedApp'],
    ['no token', undefined],
    ['a token signed with another secret', 'forged'],
    ['an unsigned token', 'unsigned'],
    ['a malformed token', 'garbage'],
    ['basic credentials', 'notBearer'],
    ["a non-admin's token", 'nonAdmin'],
    ["a deactivated admin's token", 'deactivated'],
    ["a deleted user's token", 'deleted'],
  ])('answers 401 on every other /api/v1 route with %s', async (_case, key) => {
    const failures: string[] = [];
    for (const route of guarded) {
      const res = await call(route, key, freshAddress());
      if (res.statusCode !== 401) failures.push(`${label(route)} -> ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 on every root-only route to a signed-in admin who is not root, and 401 without a token', async () => {
    const rootOnly = guarded.filter((r) => r.role === 'root');
    expect(rootOnly.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const route of rootOnly) {
      for (const [key, expected] of [
        ['nonRoot', 403],
        [undefined, 401],
      ] as const) {
        const res = await call(route, key, freshAddress());
        if (res.statusCode !== expected)
          failures.push(`${label(route)} (${key ?? 'no token'}) -> ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it.each([
    ["an app user's app token", 'app'],
    ["a root admin's app token", 'adminApp'],
  ])('answers 403 on every admin route to %s', async (_case, key) => {
    const failures: string[] = [];
    for (const route of adminOnly) {
      const res = await call(route, key);
      if (res.statusCode !== 403 || !res.json().message.includes('app session'))
        failures.push(`${label(route)} -> ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it("lets an app user's token past the guard on every user route", async () => {
    const failures: string[] = [];
    for (const route of guarded.filter((r) => r.user && r.method === 'GET')) {
      const res = await call(route, 'app');
      if (res.statusCode === 401 || res.statusCode === 403) failures.push(label(route));
    }
    expect(failures).toEqual([]);
  });

  it('cannot be side-stepped with a percent-encoded path', async () => {
    const failures: string[] = [];
    for (const route of guarded) {
      const url = concreteUrl(route.url);
      for (const disguised of [url.replace('/api/', '/%61pi/'), url.replace('/api/v1/', '/api/%761/')]) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: disguised,
          remoteAddress: freshAddress(),
          payload: ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined,
        });
        if (res.statusCode !== 401 && res.statusCode !== 404)
          failures.push(`${disguised} -> ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
