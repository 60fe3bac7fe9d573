import type { AdminRole } from '@switchboard/contract/admin-roles';
import type { ApiError } from '@switchboard/contract/common';
import { BUILT_IN_ROLES } from '@switchboard/contract/permissions';
import type { CreateUserRequest } from '@switchboard/contract/user-create';
import {
  type AdminUserRow,
  type BulkUserAction,
  type BulkUserActionResponse,
  type ListUsersResponse,
  USER_ACTION_MESSAGES,
  USER_RULE_MESSAGES,
  type UserResponse,
} from '@switchboard/contract/users';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch.ts';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

type Override = (request: RecordedRequest) => Response | undefined;

export const userId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** 23 users: the signed-in root admin first, every 5th an admin, every 3rd online, #7 inactive. */
export function makeUsers(count = 23): AdminUserRow[] {
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    return {
      id: userId(n),
      username: n === 1 ? 'root' : `user${n}`,
      email: n === 1 ? 'root@example.com' : `user${n}@example.com`,
      full_name: n === 1 ? 'Root Admin' : n % 4 === 0 ? null : `Person ${n}`,
      is_online: n % 3 === 0,
      is_admin: n === 1 || n % 5 === 0,
      is_root_admin: n === 1,
      admin_role_id: 'admin',
      is_active: n !== 7,
      deleted_at: null,
      coin_balance: n * 10,
      total_earned: n * 15,
      total_spent: n * 5,
      created_at: new Date(Date.UTC(2026, 0, n)).toISOString(),
      last_login: n % 2 === 0 ? new Date(Date.UTC(2026, 5, n)).toISOString() : null,
    };
  });
}

const AT = '2026-01-01T00:00:00.000Z';
/** The roles the server holds: the built-in ones and one custom role, "Coin desk" (coins:read). */
export const FAKE_ROLES: AdminRole[] = [
  ...BUILT_IN_ROLES.map((r) => ({ ...r, permissions: [...r.permissions] })),
  { id: 'r-coins', name: 'Coin desk', description: '', permissions: ['coins:read' as const] },
].map((r) => ({ ...r, built_in: r.id !== 'r-coins', admins: 0, created_at: AT, updated_at: AT }));

export const errorResponse = (status: number, body: ApiError) => jsonResponse(body, status);

/**
 * Canned, contract-valid answers of the users API, recorded for assertions. It applies no server rule:
 * the list answers the page asked for out of `rows` (what the server holds, as the test states it with
 * `setRows`), and every change succeeds unless an override answers otherwise. The rules themselves are
 * tested on the server and end to end (e2e/users.spec.ts).
 */
export function createFakeUsersServer(initialRows: AdminUserRow[] = makeUsers()) {
  let rows = initialRows;
  const requests: RecordedRequest[] = [];
  const overrides: Override[] = [];
  let gate: Promise<void> | null = null;

  const list = (query: URLSearchParams) => {
    const page = Number(query.get('page') ?? 1);
    const limit = Number(query.get('limit') ?? 10);
    const body: ListUsersResponse = {
      success: true,
      data: {
        users: rows.slice((page - 1) * limit, page * limit),
        total: rows.length,
        page,
        limit,
        total_pages: Math.ceil(rows.length / limit),
        total_capped: false,
        next_cursor: null,
      },
    };
    return jsonResponse(body);
  };

  const user = (data: AdminUserRow, status = 200) =>
    jsonResponse({ success: true, data } satisfies UserResponse, status);

  const answer = (request: RecordedRequest): Response => {
    for (const override of overrides) {
      const response = override(request);
      if (response) return response;
    }
    const { method, path } = request;
    if (method === 'GET' && path === '/api/v1/admin/public/users') return list(request.query);
    if (method === 'GET' && path === '/api/v1/admin/roles')
      return jsonResponse({ success: true, data: { roles: FAKE_ROLES } });
    if (method === 'POST' && path === '/api/v1/admin/users/bulk') {
      const { action, user_ids } = request.body as BulkUserAction;
      const body: BulkUserActionResponse = {
        success: true,
        message: USER_ACTION_MESSAGES[action](user_ids.length),
        affected: user_ids.length,
      };
      return jsonResponse(body);
    }
    if (method === 'POST' && path === '/api/v1/admin/users') {
      const body = request.body as CreateUserRequest;
      return user(
        {
          id: userId(900),
          username: body.username,
          email: body.email,
          full_name: body.full_name || null,
          is_online: false,
          is_admin: body.is_admin ?? false,
          is_root_admin: false,
          deleted_at: null,
          admin_role_id: 'admin',
          is_active: true,
          coin_balance: 0,
          total_earned: 0,
          total_spent: 0,
          created_at: new Date().toISOString(),
          last_login: null,
        },
        201,
      );
    }
    if (method === 'DELETE') return jsonResponse({ success: true, message: USER_ACTION_MESSAGES.deleted });
    const match = /^\/api\/v1\/admin\/users\/([^/]+)(\/admin)?$/.exec(path);
    const found = match ? rows.find((u) => u.id === match[1]) : undefined;
    if (!found) return errorResponse(404, { success: false, message: USER_RULE_MESSAGES.notFound });
    if (method === 'PATCH')
      return user({ ...found, is_admin: (request.body as { is_admin: boolean }).is_admin });
    return user(found);
  };

  mockFetch(async (call) => {
    const url = new URL(call.url, window.location.origin);
    const request: RecordedRequest = {
      method: call.method,
      path: url.pathname,
      query: url.searchParams,
      body: call.body,
      headers: new Headers(call.headers),
    };
    requests.push(request);
    if (gate) await gate;
    return answer(request);
  });

  return {
    requests,
    /** What the server holds from now on, e.g. after a change the test made. */
    setRows(next: AdminUserRow[]) {
      rows = next;
    },
    /** Answers matching requests differently until removed (return undefined to fall through). */
    override(fn: Override) {
      overrides.push(fn);
      return () => overrides.splice(overrides.indexOf(fn), 1);
    },
    /** Leaves every request from now on unanswered until the returned release is called. */
    hold() {
      let release = () => {};
      gate = new Promise((resolve) => {
        release = resolve;
      });
      return () => {
        gate = null;
        release();
      };
    },
    listRequests: () => requests.filter((r) => r.method === 'GET' && r.path === '/api/v1/admin/public/users'),
    errorResponse,
  };
}
