import type { AdminUserRow, ListUsersQuery } from '@switchboard/contract/users';
import {
  and,
  asc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { decodeCursor, encodeCursor } from '../../db/keyset-cursor.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { preparedPer } from '../../db/prepared-statement.ts';
import { countUpToCap, readCounters } from '../../db/row-counts.ts';
import { coinAccounts } from '../../db/schema/coins.ts';
import { users } from '../../db/schema/users.ts';

const rowColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  full_name: users.fullName,
  is_online: users.isOnline,
  is_admin: users.isAdmin,
  is_root_admin: users.isRootAdmin,
  is_active: users.isActive,
  // Balances live in the coins module's narrow table, read 1:1 by primary key (so also in RETURNING
  // and FOR UPDATE); a user who never held coins has no account row.
  coin_balance:
    sql<number>`coalesce((select ${coinAccounts.balance} from ${coinAccounts} where ${coinAccounts.userId} = ${users.id}), 0)`
      .mapWith(Number)
      .as('coin_balance'),
  total_earned:
    sql<number>`coalesce((select ${coinAccounts.totalEarned} from ${coinAccounts} where ${coinAccounts.userId} = ${users.id}), 0)`
      .mapWith(Number)
      .as('total_earned'),
  total_spent:
    sql<number>`coalesce((select ${coinAccounts.totalSpent} from ${coinAccounts} where ${coinAccounts.userId} = ${users.id}), 0)`
      .mapWith(Number)
      .as('total_spent'),
  created_at: users.createdAt,
  last_login: users.lastLogin,
};
/** The row as Drizzle reads it: timestamps are Dates until they leave the repository. */
type UserRecord = Omit<AdminUserRow, 'created_at' | 'last_login'> & {
  created_at: Date;
  last_login: Date | null;
};
const toRow = (r: UserRecord): AdminUserRow => ({
  ...r,
  created_at: r.created_at.toISOString(),
  last_login: r.last_login?.toISOString() ?? null,
});

function listFilter({ search, status }: Pick<ListUsersQuery, 'search' | 'status'>): SQL | undefined {
  const pattern = containsPattern(search);
  const matchesSearch = search
    ? or(ilike(users.username, pattern), ilike(users.email, pattern), ilike(users.fullName, pattern))
    : undefined;
  const matchesStatus = {
    all: undefined,
    online: eq(users.isOnline, true),
    offline: eq(users.isOnline, false),
    admin: eq(users.isAdmin, true),
    deleted: undefined,
  }[status];
  const deleted = status === 'deleted' ? isNotNull(users.deletedAt) : isNull(users.deletedAt);
  return and(deleted, matchesSearch, matchesStatus);
}

/** The counter that holds the unsearched total of each status filter (kept by the users_counts_* triggers). */
const STATUS_COUNTERS = {
  all: 'users.total',
  online: 'users.online',
  offline: 'users.offline',
  admin: 'users.admins',
  deleted: 'users.deleted',
} as const satisfies Record<ListUsersQuery['status'], string>;

/**
 * One page, newest first, as a LIMIT over the (created_at desc nulls last, id desc nulls last) index (the ORDER BY
 * must say NULLS LAST like the index, or PostgreSQL sorts every row): after the cursor
 * when there is one, else at an OFFSET. Totals never count the table: an unsearched list reads its
 * counter, a search counts at most COUNT_CAP + 1 matches.
 */
export async function listUsers(
  db: Executor,
  query: ListUsersQuery,
): Promise<{ rows: AdminUserRow[]; total: number; totalCapped: boolean; nextCursor: string | null }> {
  const where = listFilter(query);
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const offset = after ? 0 : (query.page - 1) * query.limit;
  // Paging through an unsearched list (what the Users screen opens on) reuses a prepared statement.
  const pageRows =
    query.search || after
      ? pageQuery(db, where, after, query.limit, offset)
      : UNSEARCHED_PAGES[query.status](db).execute({ limit: query.limit, offset });
  const [page, total] = await Promise.all([pageRows, countUsers(db, query, where)]);
  const last = page.length === query.limit ? page.at(-1) : undefined;
  return {
    rows: page.map(({ sort_key: _, ...row }) => toRow(row)),
    ...total,
    nextCursor: last ? encodeCursor(last.sort_key, last.id) : null,
  };
}

function pageQuery(
  db: Executor,
  where: SQL | undefined,
  after: [string, string] | undefined,
  limit: number | Placeholder,
  offset: number | Placeholder,
) {
  return db
    .select({ ...rowColumns, sort_key: sql<string>`${users.createdAt}::text` })
    .from(users)
    .where(
      and(where, after && sql`(${users.createdAt}, ${users.id}) < (${after[0]}::timestamptz, ${after[1]})`),
    )
    .orderBy(sql`${users.createdAt} desc nulls last`, sql`${users.id} desc nulls last`)
    .limit(limit)
    .offset(offset);
}

const unsearchedPage = (status: ListUsersQuery['status']) =>
  preparedPer((db) =>
    pageQuery(
      db,
      listFilter({ status, search: '' }),
      undefined,
      sql.placeholder('limit'),
      sql.placeholder('offset'),
    ).prepare(`users_page_${status}`),
  );
const UNSEARCHED_PAGES = {
  all: unsearchedPage('all'),
  online: unsearchedPage('online'),
  offline: unsearchedPage('offline'),
  admin: unsearchedPage('admin'),
  deleted: unsearchedPage('deleted'),
} satisfies Record<ListUsersQuery['status'], unknown>;

async function countUsers(
  db: Executor,
  query: ListUsersQuery,
  where: SQL | undefined,
): Promise<{ total: number; totalCapped: boolean }> {
  if (!query.search) {
    const counter = STATUS_COUNTERS[query.status];
    const counts = await readCounters(db, [counter]);
    return { total: counts[counter], totalCapped: false };
  }
  return countUpToCap(db, users, where);
}

export async function findUser(db: Executor, id: string): Promise<AdminUserRow | undefined> {
  const [row] = await db
    .select(rowColumns)
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row && toRow(row);
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
    .select(rowColumns)
    .from(users)
    .where(and(isNull(users.deletedAt), or(inArray(users.id, [...ids]), eq(users.isRootAdmin, true))))
    .orderBy(asc(users.id))
    .for('update');
  const wanted = new Set(ids);
  const all = rows.map(toRow);
  return { targets: all.filter((u) => wanted.has(u.id)), rootAdmins: all.filter((u) => u.is_root_admin) };
}

export async function setAdmin(
  tx: Executor,
  ids: readonly string[],
  isAdmin: boolean,
): Promise<AdminUserRow[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .update(users)
    .set({ isAdmin, updatedAt: sql`now()` })
    .where(inArray(users.id, [...ids]))
    .returning(rowColumns);
  return rows.map(toRow);
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
  /** A root admin is always an admin too. */
  isRootAdmin?: boolean;
}

/** Every account is created here: through the users screen and by root admin registration. */
export async function insertUser(tx: Executor, user: NewUser): Promise<AdminUserRow> {
  const [row] = await tx.insert(users).values(user).returning(rowColumns);
  if (!row) throw new Error('insert returned no row');
  return toRow(row);
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
  isActive: users.isActive,
  isAdmin: users.isAdmin,
  isRootAdmin: users.isRootAdmin,
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

/** Activates or deactivates one user; deactivating ends their sessions (trigger on users). */
export async function setActive(
  tx: Executor,
  id: string,
  isActive: boolean,
): Promise<AdminUserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({ isActive, isOnline: isActive ? undefined : false, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning(rowColumns);
  return row ? toRow(row) : undefined;
}
