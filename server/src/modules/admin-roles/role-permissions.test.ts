import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROLE_MESSAGES } from '@switchboard/contract/admin-roles';
import { LOGIN_MESSAGES } from '@switchboard/contract/auth';
import { allows, BUILT_IN_ROLES, PERMISSIONS, type Permission } from '@switchboard/contract/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../../http/route-table.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';
import { listRoles } from './admin-roles.repository.ts';

const NIL_ID = '00000000-0000-4000-8000-000000000000';
/** A concrete URL for a route pattern: ids that match nothing, an address for the unblock route. */
const concreteUrl = (url: string) =>
  url.replace(/:[A-Za-z_]+/g, (name) => (name === ':ip' ? '203.0.113.9' : NIL_ID));
const label = (r: RegisteredRoute) => `${r.method} ${r.url}`;
const REFUSALS: readonly string[] = [ROLE_MESSAGES.denied, LOGIN_MESSAGES.rootOnly];

/**
 * For each built-in role, every guarded endpoint is refused (403) exactly when the role lacks the
 * permission the contract declares for it. The expectation comes from the route table (registered from
 * the contract) and the contract's templates: nothing here lists endpoints a second time.
 */
describe('built-in roles against every endpoint', () => {
  let t: TestApp;
  let dataDir: string;
  let guarded: RegisteredRoute[];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'roles-perms-'));
    t = await createTestApp({ dataDir });
    guarded = t.app.routeTable.filter(
      // A calling app's own routes (`user`) answer every signed-in account, whatever its role.
      (r) => r.url.startsWith('/api/v1/') && r.method !== 'HEAD' && !r.public && !r.user,
    );
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps the templates in the database equal to the contract', async () => {
    const rows = (await listRoles(t.db)).filter((r) => r.builtIn);
    expect(rows.map((r) => ({ id: r.id, name: r.name, permissions: [...r.permissions].sort() }))).toEqual(
      BUILT_IN_ROLES.map((r) => ({ id: r.id, name: r.name, permissions: [...r.permissions].sort() })),
    );
  });

  const cases: [string, string | null, readonly Permission[]][] = [
    ...BUILT_IN_ROLES.map((r): [string, string, readonly Permission[]] => [r.name, r.id, r.permissions]),
    ['root', null, PERMISSIONS],
  ];

  it.each(cases)('%s: 403 exactly where the role lacks the permission', async (name, roleId, held) => {
    const admin = await insertUser(t.db, {
      username: `as-${name.toLowerCase()}`,
      isAdmin: true,
      isRootAdmin: roleId === null,
      ...(roleId ? { adminRoleId: roleId } : {}),
    });
    const { authorization } = await t.authHeader(admin);
    const wrong: string[] = [];
    let allowed = 0;
    // Reads first, then writes, so a write (a restore, a deletion) cannot change what a read sees.
    const ordered = [...guarded].sort((a, b) => Number(a.method !== 'GET') - Number(b.method !== 'GET'));
    for (const route of ordered) {
      const expectAllowed = roleId === null || (route.role !== 'root' && allows(held, route.permission));
      // Writes get an empty body: an allowed one fails validation (4xx) and changes nothing.
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: concreteUrl(route.url),
        headers: { authorization },
        payload: ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined,
      });
      const message = res.headers['content-type']?.toString().includes('json') ? res.json().message : '';
      const refused = res.statusCode === 403 && REFUSALS.includes(message);
      if (refused === expectAllowed) wrong.push(`${label(route)} -> ${res.statusCode} ${message ?? ''}`);
      // A read the role may make, on a path without an id, answers 2xx.
      if (expectAllowed && route.method === 'GET' && !route.url.includes(':')) {
        if (res.statusCode >= 300) wrong.push(`${label(route)} -> ${res.statusCode} (expected 2xx)`);
        allowed += 1;
      }
    }
    expect(wrong).toEqual([]);
    expect(allowed).toBe(
      guarded.filter(
        (r) =>
          r.method === 'GET' &&
          !r.url.includes(':') &&
          (roleId === null || (r.role !== 'root' && allows(held, r.permission))),
      ).length,
    );
  });
});
