import type { AdminUserRow } from '@switchboard/contract/users';
import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedPer } from '../../db/prepared-statement.ts';
import { users } from '../../db/schema/users.ts';
import { activeNow } from './active-now.ts';
import { toUserRow, userRowColumns } from './user-row.ts';

export async function findUser(db: Executor, id: string): Promise<AdminUserRow | undefined> {
  const [row] = await db
    .select(userRowColumns)
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row && toUserRow(row);
}

/**
 * Locks the target rows and every root admin row, in id order, until the transaction ends.
 * Locking the root admins too is what stops two concurrent requests that each remove a different
 * root admin from both seeing the other one still there and leaving none.
 */
export async function lockUsersForChange(
  tx: Executor,
  ids: readonly string[],
): Promise<{ targets: AdminUserRow[]; rootAdmins: AdminUserRow[] }> {
  const rows = await tx
    .select(userRowColumns)
    .from(users)
    .where(and(isNull(users.deletedAt), or(inArray(users.id, [...ids]), eq(users.isRootAdmin, true))))
    .orderBy(asc(users.id))
    .for('update');
  const wanted = new Set(ids);
  const all = rows.map(toUserRow);
  return { targets: all.filter((u) => wanted.has(u.id)), rootAdmins: all.filter((u) => u.is_root_admin) };
}

export async function setAdmin(
  tx: Executor,
  ids: readonly string[],
  isAdmin: boolean,
  adminRoleId?: string,
): Promise<AdminUserRow[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .update(users)
    .set({ isAdmin, ...(adminRoleId ? { adminRoleId } : {}), updatedAt: sql`now()` })
    .where(inArray(users.id, [...ids]))
    .returning(userRowColumns);
  return rows.map(toUserRow);
}

/** Soft delete: the row stays for the history that refers to it; see `users.deletedAt`. */
export async function deleteUsers(tx: Executor, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await tx
    .update(users)
    .set({ deletedAt: sql`now()`, isOnline: false, updatedAt: sql`now()` })
    .where(and(inArray(users.id, [...ids]), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length;
}

export interface NewUser {
  username: string;
  email: string;
  fullName: string | null;
  passwordHash: string;
  isAdmin: boolean;
  /** An admin's role; the column's default otherwise. */
  adminRoleId?: string;
  /** A root admin is always an admin too. */
  isRootAdmin?: boolean;
}

/** Every account is created here: through the users screen and by root admin registration. */
export async function insertUser(tx: Executor, user: NewUser): Promise<AdminUserRow> {
  const [row] = await tx.insert(users).values(user).returning(userRowColumns);
  if (!row) throw new Error('insert returned no row');
  return toUserRow(row);
}

/** Which of the two unique fields (compared case-insensitively, like the indexes) are taken. */
export async function findClashes(
  db: Executor,
  username: string,
  email: string,
): Promise<{ username: boolean; email: boolean }> {
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      or(
        eq(sql`lower(${users.username})`, username.toLowerCase()),
        eq(sql`lower(${users.email})`, email.toLowerCase()),
      ),
    );
  return {
    username: rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
    email: rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
  };
}

/** The profile fields the erase action clears, by contract name. */
export const ERASED_FIELDS = [
  'username',
  'email',
  'full_name',
  'password',
  'location',
  'profile_picture',
] as const;

/**
 * Anonymises a soft-deleted user's profile: a username and email derived from the id (still
 * unique, still valid), everything else personal cleared. Returns false when there is no deleted
 * user with that id.
 */
export async function eraseDeletedUser(tx: Executor, id: string): Promise<boolean> {
  const anonymous = `erased_${id.replaceAll('-', '')}`.slice(0, 50);
  const rows = await tx
    .update(users)
    .set({
      username: anonymous,
      email: `${anonymous}@erased.invalid`,
      fullName: null,
      passwordHash: null,
      location: null,
      profilePicture: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.id, id), isNotNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** The username of the user with this id, deleted or not (a deleted one keeps it until erased). */
export async function findUsername(db: Executor, id: string): Promise<string | undefined> {
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, id)).limit(1);
  return row?.username;
}

/** Whether a user with this id exists, deleted or not. */
export async function userExists(db: Executor, id: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return row !== undefined;
}

/**
 * Root admins that count against max_root_admins, deactivated ones included: deactivating the only
 * one must not reopen anonymous registration.
 */
export async function countRootAdmins(executor: Executor): Promise<number> {
  const [row] = await executor
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.isRootAdmin, true));
  return Number(row?.n ?? 0);
}

/** What sign-in and access checks read of an account. */
const accountColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  passwordHash: users.passwordHash,
  // A suspension past its end no longer holds: sign-in and every signed-in request read this.
  isActive: activeNow,
  isAdmin: users.isAdmin,
  isRootAdmin: users.isRootAdmin,
  adminRoleId: users.adminRoleId,
};
export type Account = Pick<typeof users.$inferSelect, keyof typeof accountColumns>;

/** Case-insensitive, matching the unique index on lower(username). */
export async function findAccountByUsername(executor: Executor, username: string): Promise<Account | null> {
  const [row] = await executor
    .select(accountColumns)
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username}) and ${users.deletedAt} is null`)
    .limit(1);
  return row ?? null;
}

/** By username or e-mail address, case-insensitive: a calling app asks for a sign-in code with either. */
export async function findAccountByLogin(executor: Executor, login: string): Promise<Account | null> {
  const [row] = await executor
    .select(accountColumns)
    .from(users)
    .where(
      sql`(lower(${users.username}) = lower(${login}) or lower(${users.email}) = lower(${login})) and ${users.deletedAt} is null`,
    )
    .orderBy(sql`lower(${users.username}) = lower(${login}) desc`)
    .limit(1);
  return row ?? null;
}

/** The account behind a token: sign-in, refresh and every authenticated request read it. */
// Read by the auth guard on every signed-in request.
const accountById = preparedPer((executor) =>
  executor
    .select(accountColumns)
    .from(users)
    .where(and(eq(users.id, sql.placeholder('id')), isNull(users.deletedAt)))
    .limit(1)
    .prepare('account_by_id'),
);

export async function findAccountById(executor: Executor, id: string): Promise<Account | null> {
  const [row] = await accountById(executor).execute({ id });
  return row ?? null;
}

export async function setLastLogin(executor: Executor, id: string): Promise<void> {
  await executor.update(users).set({ lastLogin: sql`now()` }).where(eq(users.id, id));
}

/** How many non-root admins hold each role (roles nobody holds are absent). */
export async function countAdminsByRole(executor: Executor): Promise<Map<string, number>> {
  const rows = await executor
    .select({ roleId: users.adminRoleId, admins: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.isRootAdmin, false), isNull(users.deletedAt)))
    .groupBy(users.adminRoleId);
  return new Map(rows.map((r) => [r.roleId, r.admins]));
}

/** Gives one account a role; returns its row before the change, or undefined when there is none. */
export async function setAdminRole(
  tx: Executor,
  id: string,
  roleId: string,
): Promise<{ before: AdminUserRow; after: AdminUserRow } | undefined> {
  const [before] = await tx
    .select(userRowColumns)
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .for('update');
  if (!before) return undefined;
  const [after] = await tx
    .update(users)
    .set({ adminRoleId: roleId, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning(userRowColumns);
  if (!after) return undefined;
  return { before: toUserRow(before), after: toUserRow(after) };
}

/** Active root administrators: the accounts no admin may lock out. */
export async function activeRootAdminIds(executor: Executor): Promise<string[]> {
  const rows = await executor
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isRootAdmin, true), eq(users.isActive, true), isNull(users.deletedAt)));
  return rows.map((r) => r.id);
}
/** The newest users not deleted, as a subquery of the columns the Database screen's sample shows. */
export const newestUsersSql = (
  limit: number,
) => sql`select id, username, full_name, email, is_active, is_admin,
    last_login, created_at
  from users where deleted_at is null order by created_at desc nulls last, id desc nulls last limit ${limit}`;
