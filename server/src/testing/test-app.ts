import { randomUUID } from 'node:crypto';
import { BUILT_IN_ROLES, type Permission } from '@switchboard/contract/permissions';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type BuildAppOptions, buildApp } from '../app.ts';
import type { AppDeps } from '../app-deps.ts';
import { assembleAppDeps } from '../app-deps-assembly.ts';
import type { Config } from '../config.ts';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { pgErrorCode } from '../db/pg-errors.ts';
import { adminRoles } from '../db/schema/admin-roles.ts';
import { coinAccounts } from '../db/schema/coins.ts';
import { users } from '../db/schema/users.ts';
import type { AdminPrincipal } from '../http/access-token.ts';
import { newRefreshToken } from '../modules/auth/refresh-token.ts';
import { hashPassword } from '../modules/users/password.ts';
import { openTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  db: Database;
  /** An Authorization header for the given admin, signed like a real login's access token, with a live session. */
  authHeader(principal: AdminPrincipal): Promise<{ authorization: string }>;
  /** The same for a calling app's session of the account: it opens only `user` routes. */
  appAuthHeader(principal: AdminPrincipal): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  port: 0,
  host: '127.0.0.1',
  dataDir: '/nonexistent',
  databaseUrl: undefined,
  redisUrl: undefined,
  jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
  logLevel: 'silent',
  demoData: false,
  demoTraffic: false,
  demoCredentials: null,
  appEnv: 'development',
  trustProxy: false,
  metricsToken: undefined,
  payments: {},
  ice: {
    stunUrls: undefined,
    turnUrls: [],
    turnSecret: undefined,
    turnUsername: undefined,
    turnPassword: undefined,
    turnCredentialTtlSeconds: 86_400,
  },
  ...overrides,
});

/** buildApp on a fresh database (or the one given, which close() then closes), as main.ts would assemble it. */
export async function createTestApp(
  configOverrides: Partial<Config> = {},
  given?: DatabaseHandle,
  appOptions: BuildAppOptions = {},
): Promise<TestApp> {
  const database = given ?? (await openTestDatabase());
  const config = testConfig(configOverrides);
  const deps = assembleAppDeps(config, database);
  const app = await buildApp(deps, appOptions);
  await app.ready();
  return {
    app,
    deps,
    db: database.db,
    authHeader: async (principal) => {
      const sessionId = await insertTestSession(database.db, principal.id);
      return { authorization: `Bearer ${await deps.tokens.sign(principal, sessionId)}` };
    },
    appAuthHeader: async (principal) => {
      const sessionId = await insertTestSession(database.db, principal.id, false);
      const token = await deps.tokens.sign({ ...principal, isAdmin: false, isRootAdmin: false }, sessionId);
      return { authorization: `Bearer ${token}` };
    },
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** A signed-in session (one refresh token) for the user, when the user exists; returns its id. */
export async function insertTestSession(db: Database, userId: string, console = true): Promise<string> {
  const sessionId = randomUUID();
  try {
    await db.execute(sql`
      insert into refresh_tokens (user_id, family_id, token_hash, expires_at, console)
      select id, ${sessionId}, ${newRefreshToken().hash}, now() + interval '1 day', ${console} from users where id = ${userId}`);
  } catch (err) {
    // The user was deleted meanwhile (a concurrent test step): the token is refused, as it should be.
    if (pgErrorCode(err) !== '23503') throw err;
  }
  return sessionId;
}

export interface TestUserInput {
  username: string;
  password?: string;
  email?: string;
  fullName?: string;
  isAdmin?: boolean;
  isRootAdmin?: boolean;
  isActive?: boolean;
  isOnline?: boolean;
  coinBalance?: number;
  /** The admin role (a built-in id such as 'viewer'); the default is the Admin template. */
  adminRoleId?: string;
}

/** Inserts a user directly; with a password it can sign in. Returns the principal for authHeader. */
export async function insertUser(db: Database, input: TestUserInput): Promise<AdminPrincipal> {
  const [row] = await db
    .insert(users)
    .values({
      username: input.username,
      email: input.email ?? `${input.username.toLowerCase()}@example.test`,
      fullName: input.fullName ?? null,
      passwordHash: input.password ? await hashPassword(input.password) : null,
      isAdmin: input.isAdmin ?? input.isRootAdmin ?? false,
      isRootAdmin: input.isRootAdmin ?? false,
      isActive: input.isActive ?? true,
      isOnline: input.isOnline ?? false,
      ...(input.adminRoleId ? { adminRoleId: input.adminRoleId } : {}),
    })
    .returning({ id: users.id, username: users.username, isRootAdmin: users.isRootAdmin });
  if (!row) throw new Error('insert failed');
  if (input.coinBalance)
    await db
      .insert(coinAccounts)
      .values({ userId: row.id, balance: input.coinBalance, totalEarned: input.coinBalance });
  return { id: row.id, username: row.username, isRootAdmin: row.isRootAdmin };
}

/** A custom role with these permissions; returns its id for `adminRoleId`. */
export async function insertRole(
  db: Database,
  name: string,
  permissions: readonly Permission[],
): Promise<string> {
  const [row] = await db
    .insert(adminRoles)
    .values({ name, permissions: [...permissions] })
    .returning({ id: adminRoles.id });
  if (!row) throw new Error('insert failed');
  return row.id;
}

/** The Admin template plus `admins:manage`: a non-root admin who may make, demote and delete admins. */
export function insertAdminManagerRole(db: Database): Promise<string> {
  const admin = BUILT_IN_ROLES.find((r) => r.id === 'admin')?.permissions ?? [];
  return insertRole(db, `Admin manager ${randomUUID().slice(0, 8)}`, [...admin, 'admins:manage']);
}
