import type { SqlStatement } from './direct-sql.ts';
import type { SqlTwin } from './repository-sql.ts';

/** What `npm run bench` measures, each with the p99 latency it should stay under on this 2-core machine. */
export interface Scenario {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  authenticated?: boolean;
  connections?: number;
  durationSeconds?: number;
  /** One figure for both databases, or one each: PGlite runs every query on one thread. */
  targetP99Ms: number | { postgres: number; pglite: number };
  /**
   * The SQL the endpoint runs, executed straight on the driver at the same concurrency in the same run,
   * so the report can say what share of the database's own throughput the API keeps. An array is
   * statements the repository sends side by side. Prefer taking them from the repository (repository-sql.ts)
   * to copying them, so they cannot drift.
   */
  sql?: SqlTwin;
}

export const targetFor = (scenario: Scenario, database: 'postgres' | 'pglite'): number =>
  typeof scenario.targetP99Ms === 'number' ? scenario.targetP99Ms : scenario.targetP99Ms[database];

/** The users list's targets at 100k users, 10 connections. */
const USERS_TARGET = { postgres: 20, pglite: 50 };
const PAGE_SIZE = 10;

// The statements server/src/modules/users/users-list.repository.ts `listUsers` sends, as drizzle renders them:
// the page (LIMIT over users_created_at_idx, after a cursor or at an OFFSET) side by side with its total
// (the status filter's counter, or a search's count capped at 10,001).
const balance = (column: string, as: string) =>
  `coalesce((select "${column}" from "coin_accounts" where "user_id" = "id"), 0) as "${as}"`;
const PAGE_COLUMNS = `"id", "username", "email", "full_name", "is_online", "is_admin", "is_root_admin", "is_active", ${balance(
  'balance',
  'coin_balance',
)}, ${balance('total_earned', 'total_earned')}, ${balance('total_spent', 'total_spent')}, "created_at", "last_login", "created_at"::text`;
const SEARCH = `("users"."username" ilike $1 or "users"."email" ilike $2 or "users"."full_name" ilike $3)`;
const SEARCH_PARAMS = ['%son%', '%son%', '%son%'];
const notDeleted = (where: string) =>
  where ? `("users"."deleted_at" is null and ${where})` : `"users"."deleted_at" is null`;

/**
 * drizzle leaves out `offset 0`, except in an unsearched page without a cursor (`unsearched`), which the
 * repository sends as a prepared statement whose OFFSET is always a parameter.
 */
function usersPage(where: string, params: unknown[], offset: number, unsearched = false): SqlStatement {
  const n = params.length;
  const withOffset = offset > 0 || unsearched;
  return {
    text:
      `select ${PAGE_COLUMNS} from "users" where ${notDeleted(where)} ` +
      `order by "users"."created_at" desc nulls last, "users"."id" desc nulls last limit $${n + 1}` +
      (withOffset ? ` offset $${n + 2}` : ''),
    params: withOffset ? [...params, PAGE_SIZE, offset] : [...params, PAGE_SIZE],
  };
}
const counter = (name: string): SqlStatement => ({
  text: `select "counter", sum("n") from "row_counts" where "row_counts"."counter" in ($1) group by "row_counts"."counter"`,
  params: [name],
});
const cappedCount = (where: string, params: unknown[]): SqlStatement => ({
  text: `select count(*)::int as n from (select 1 from "users" where ${notDeleted(where)} limit $${params.length + 1}) capped`,
  params: [...params, 10_001],
});

/** A page deep in the list by keyset: users who signed up before this (the seed spreads sign-ups over two years). */
const DEEP_SORT_KEY = new Date(Date.now() - 365 * 86_400_000).toISOString();
const DEEP_ID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';
const deepCursor = Buffer.from(JSON.stringify([DEEP_SORT_KEY, DEEP_ID])).toString('base64url');

export const scenarios: Scenario[] = [
  { name: 'readiness (database ping)', path: '/api/v1/health/ready', authenticated: false, targetP99Ms: 50 },
  {
    name: 'users: first page',
    path: `/api/v1/admin/public/users?page=1&limit=${PAGE_SIZE}`,
    targetP99Ms: USERS_TARGET,
    sql: [usersPage('', [], 0, true), counter('users.total')],
  },
  {
    name: 'users: search "son"',
    path: `/api/v1/admin/public/users?search=son&limit=${PAGE_SIZE}`,
    targetP99Ms: USERS_TARGET,
    sql: [usersPage(SEARCH, SEARCH_PARAMS, 0), cappedCount(SEARCH, SEARCH_PARAMS)],
  },
  {
    name: 'users: admins filter',
    path: `/api/v1/admin/public/users?status=admin&limit=${PAGE_SIZE}`,
    targetP99Ms: USERS_TARGET,
    sql: [usersPage('"users"."is_admin" = $1', [true], 0, true), counter('users.admins')],
  },
  {
    name: 'users: page 150',
    path: `/api/v1/admin/public/users?page=150&limit=${PAGE_SIZE}`,
    targetP99Ms: USERS_TARGET,
    sql: [usersPage('', [], 149 * PAGE_SIZE, true), counter('users.total')],
  },
  {
    name: 'users: deep page (keyset)',
    path: `/api/v1/admin/public/users?page=5000&limit=${PAGE_SIZE}&cursor=${deepCursor}`,
    targetP99Ms: USERS_TARGET,
    sql: [
      usersPage(`("users"."created_at", "users"."id") < ($1::timestamptz, $2)`, [DEEP_SORT_KEY, DEEP_ID], 0),
      counter('users.total'),
    ],
  },
  {
    name: 'sign-in (argon2id)',
    path: '/api/v1/auth/login',
    method: 'POST',
    body: { username: 'admin', password: 'Admin123!' },
    authenticated: false,
    connections: 4,
    targetP99Ms: 500,
  },
];
