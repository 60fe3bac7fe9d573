import type { AdminUserRow, BulkUserAction, CreateUserRequest } from '@switchboard/contract/users';
import { USER_ACTION_MESSAGES, USER_RULE_MESSAGES } from '@switchboard/contract/users';

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
      is_active: n !== 7,
      coin_balance: n * 10,
      total_earned: n * 15,
      total_spent: n * 5,
      created_at: new Date(Date.UTC(2026, 0, n)).toISOString(),
      last_login: n % 2 === 0 ? new Date(Date.UTC(2026, 5, n)).toISOString() : null,
    };
  });
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Answers the users API the way the server does, including its refusals for the signed-in admin
 * (`actorId`) and for root admins, and records every request for assertions.
 */
export function createFakeUsersServer(users: AdminUserRow[] = makeUsers(), actorId = userId(1)) {
  const requests: RecordedRequest[] = [];
  const overrides: Override[] = [];
  let gate: Promise<void> | null = null;

  /** The server's all-or-nothing refusal of a bulk action, as users.service.ts decides it. */
  const refusal = ({ action, user_ids }: BulkUserAction): Response | undefined => {
    if (action === 'make_admin') return undefined;
    if (user_ids.includes(actorId)) {
      const message =
        action === 'delete' ? USER_RULE_MESSAGES.cannotDeleteSelf : USER_RULE_MESSAGES.cannotDemoteSelf;
      return json(403, { success: false, message });
    }
    const roots = users.filter((u) => user_ids.includes(u.id) && u.is_root_admin);
    if (roots.length > 0 && action === 'remove_admin')
      return json(409, { success: false, message: USER_RULE_MESSAGES.rootAdminIsAlwaysAdmin });
    return undefined;
  };

  const list = (query: URLSearchParams) => {
    const page = Number(query.get('page') ?? 1);
    const limit = Number(query.get('limit') ?? 10);
    const search = (query.get('search') ?? '').toLowerCase();
    const status = query.get('status') ?? 'all';
    const matching = users.filter(
      (user) =>
        (!search ||
          [user.username, user.email, user.full_name ?? ''].some((v) => v.toLowerCase().includes(search))) &&
        (status === 'all' ||
          (status === 'online' && user.is_online) ||
          (status === 'offline' && !user.is_online) ||
          (status === 'admin' && user.is_admin)),
    );
    const pageUsers = matching.slice((page - 1) * limit, page * limit);
    const total_pages = Math.ceil(matching.length / limit);
    return json(200, {
      success: true,
      data: {
        users: pageUsers,
        total: matching.length,
        page,
        limit,
        total_pages,
        total_capped: false,
        next_cursor: null,
      },
    });
  };

  const handle = (request: RecordedRequest): Response => {
    for (const override of overrides) {
      const response = override(request);
      if (response) return response;
    }
    const { method, path } = request;
    if (method === 'GET' && path === '/api/v1/admin/public/users') return list(request.query);
    if (method === 'POST' && path === '/api/v1/admin/users/bulk') {
      const body = request.body as BulkUserAction;
      const refused = refusal(body);
      if (refused) return refused;
      for (const user of users) {
        if (!body.user_ids.includes(user.id)) continue;
        if (body.action !== 'delete') user.is_admin = body.action === 'make_admin';
      }
      if (body.action === 'delete')
        users.splice(0, users.length, ...users.filter((u) => !body.user_ids.includes(u.id)));
      return json(200, {
        success: true,
        message: USER_ACTION_MESSAGES[body.action](body.user_ids.length),
        affected: body.user_ids.length,
      });
    }
    if (method === 'POST' && path === '/api/v1/admin/users') {
      const body = request.body as CreateUserRequest;
      if (users.some((u) => u.username === body.username)) {
        return json(409, {
          success: false,
          message: USER_RULE_MESSAGES.usernameTaken,
          errors: [{ field: 'username', message: USER_RULE_MESSAGES.usernameTaken }],
        });
      }
      const created: AdminUserRow = {
        id: userId(900 + users.length),
        username: body.username,
        email: body.email,
        full_name: body.full_name || null,
        is_online: false,
        is_admin: body.is_admin ?? false,
        is_root_admin: false,
        is_active: true,
        coin_balance: 0,
        total_earned: 0,
        total_spent: 0,
        created_at: new Date().toISOString(),
        last_login: null,
      };
      users.unshift(created);
      return json(201, { success: true, data: created });
    }
    const match = /^\/api\/v1\/admin\/users\/([^/]+)(\/admin)?$/.exec(path);
    const user = match ? users.find((u) => u.id === match[1]) : undefined;
    if (match && !user) return json(404, { success: false, message: USER_RULE_MESSAGES.notFound });
    if (user && method === 'GET' && !match?.[2]) return json(200, { success: true, data: user });
    if (user && method === 'PATCH' && match?.[2]) {
      user.is_admin = (request.body as { is_admin: boolean }).is_admin;
      return json(200, { success: true, data: user });
    }
    if (user && method === 'DELETE') {
      users.splice(users.indexOf(user), 1);
      return json(200, { success: true, message: 'User deleted' });
    }
    return json(404, { success: false, message: `No fake route for ${method} ${path}` });
  };

  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: new Headers(init.headers),
    };
    requests.push(request);
    if (gate) await gate;
    return handle(request);
  };

  return {
    users,
    requests,
    fetch,
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
    errorResponse: json,
  };
}
