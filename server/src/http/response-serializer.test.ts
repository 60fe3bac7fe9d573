import { ListUsersResponse } from '@switchboard/contract/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { seedDemoDataIfEmpty } from '../demo/seed-demo-data.ts';
import { createTestApp, insertUser, type TestApp } from '../testing/test-app.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { responseSerializer } from './response-serializer.ts';

/**
 * Production writes responses with fast-json-stringify, tests and development with zod's checked
 * encode (response-serializer.ts). On the same data the two must send the same bytes.
 */
describe('response serializer in production', () => {
  let checked: TestApp;
  let production: TestApp;
  let auth: { authorization: string };

  beforeAll(async () => {
    const database = await openTestDatabase();
    await seedDemoDataIfEmpty(database.db);
    checked = await createTestApp({}, database);
    production = await createTestApp({ appEnv: 'production' }, database);
    auth = await checked.authHeader(
      await insertUser(database.db, { username: 'serializer-root', isRootAdmin: true }),
    );
  });
  afterAll(async () => {
    await production.app.close();
    await checked.close();
  });

  it.each([
    '/api/v1/admin/public/users?limit=10',
    '/api/v1/admin/public/users?status=deleted&limit=5',
    '/api/v1/admin/public/calls?limit=20',
    '/api/v1/admin/public/coins?limit=20',
    '/api/v1/admin/calls/statistics',
    '/api/v1/admin/settings',
    '/api/v1/admin/security-logs?limit=20',
    '/api/v1/user-reports?limit=20',
    '/api/v1/user-reports/stats',
  ])('sends the same body as the checked serializer for %s', async (url) => {
    const [expected, actual] = await Promise.all(
      [checked, production].map((t) => t.app.inject({ method: 'GET', url, headers: auth })),
    );
    expect(expected?.statusCode).toBe(200);
    expect(actual?.statusCode).toBe(200);
    // The settings answer each server's own APP_ENV as the environment, and the two differ here.
    const sameEnv = (body = '') => body.replace(/"environment":"\w+"/, '"environment":"-"');
    expect(sameEnv(actual?.body)).toBe(sameEnv(expected?.body));
  });
});

describe('response serializer', () => {
  const schema = z.object({ id: z.uuid(), name: z.string() });
  const compile = (checked: boolean) =>
    responseSerializer({ checked })({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never);
  const offContract = { id: 'not-a-uuid', name: 'Ann', password_hash: 'secret' };

  it('checked: refuses a body off the contract', () => {
    expect(() => compile(true)(offContract)).toThrow();
  });

  it('unchecked: writes only the declared fields, without checking their formats again', () => {
    expect(compile(false)(offContract)).toBe('{"id":"not-a-uuid","name":"Ann"}');
  });

  it('unchecked: writes the users list with the compiled serializer, not zod (6 times the CPU)', () => {
    const compileList = (checked: boolean) =>
      responseSerializer({ checked })({
        schema: ListUsersResponse,
        method: 'GET',
        url: '/x',
        httpStatus: '200',
      } as never);
    const row = {
      id: 'u1',
      username: 'ann',
      email: 'ann@example.com',
      full_name: null,
      is_online: false,
      is_admin: false,
      is_root_admin: false,
      admin_role_id: 'moderator',
      is_active: true,
      deleted_at: null,
      // Off the contract (an integer): zod refuses it, the compiled serializer writes it as one.
      coin_balance: 1.5,
      total_earned: 2,
      total_spent: 0,
      created_at: '2026-11-26T10:00:00.000Z',
      last_login: null,
    };
    const body = {
      success: true,
      data: {
        users: [row],
        total: 1,
        page: 1,
        limit: 10,
        total_pages: 1,
        total_capped: false,
        next_cursor: null,
      },
    };
    expect(() => compileList(true)(body)).toThrow();
    expect(compileList(false)(body)).toContain('"coin_balance":1,');
  });
});
