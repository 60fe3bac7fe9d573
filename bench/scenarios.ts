import { ListUsersQuery } from '@switchboard/contract/users';
import type { Database } from '../server/src/db/client.ts';
import { listUsers } from '../server/src/modules/users/users-list.repository.ts';
import { queryOf, recorded, type SqlTwin } from './repository-sql.ts';

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

/** Every list's target at `--scale 1m`, 10 connections (docs/architecture.md, "Big lists"); stats pages keep 20 ms on both. */
export const LIST_TARGET = { postgres: 20, pglite: 50 };
const PAGE_SIZE = 10;

/**
 * A list scenario whose twin is recorded from the function the route calls (`serve`), for the path's own query
 * string as the endpoint's schema parses it, so it takes the same path the request takes.
 */
export const listScenario = <Q>(
  name: string,
  path: string,
  schema: { parse(value: unknown): Q },
  serve: (db: Database, query: Q) => Promise<unknown>,
): Scenario => ({
  name,
  path,
  targetP99Ms: LIST_TARGET,
  sql: recorded((db) => serve(db, queryOf(schema, path))),
});

const users = (name: string, query: string) =>
  listScenario(`users: ${name}`, `/api/v1/admin/public/users?${query}`, ListUsersQuery, listUsers);

/** A page deep in the list by keyset: users who signed up before this (the seed spreads sign-ups over two years). */
const DEEP_SORT_KEY = new Date(Date.now() - 365 * 86_400_000).toISOString();
const DEEP_ID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';
const deepCursor = Buffer.from(JSON.stringify([DEEP_SORT_KEY, DEEP_ID])).toString('base64url');

export const scenarios: Scenario[] = [
  { name: 'readiness (database ping)', path: '/api/v1/health/ready', authenticated: false, targetP99Ms: 50 },
  users('first page', `page=1&limit=${PAGE_SIZE}`),
  users('search "son"', `search=son&limit=${PAGE_SIZE}`),
  users('admins filter', `status=admin&limit=${PAGE_SIZE}`),
  users('page 150', `page=150&limit=${PAGE_SIZE}`),
  users('deep page (keyset)', `page=5000&limit=${PAGE_SIZE}&cursor=${deepCursor}`),
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
