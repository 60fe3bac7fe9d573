import type { AdminUserRow, ListUsersQuery } from '@switchboard/contract/users';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
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

/** `%term%` for ILIKE, with the user's own % and _ matched literally. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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
  }[status];
  return and(matchesSearch, matchesStatus);
}

/**
 * One page, newest first, and the total in the same statement. The total comes from its own
 * count joined laterally to the page (rather than count(*) over ()), so a page past the end still
 * reports it, and the page itself stays a LIMIT over the created_at index instead of a full sort.
 */
export async function listUsers(
  db: Executor,
  query: ListUsersQuery,
): Promise<{ rows: AdminUserRow[]; total: number }> {
  const where = listFilter(query);
  const totals = db
    .select({ total: count().as('total') })
    .from(users)
    .where(where)
    .as('totals');
  const page = db
    .select(rowColumns)
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), asc(users.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .as('page');
  const result = await db
    .select({ total: totals.total, user: page._.selectedFields })
    .from(totals)
    .leftJoinLateral(page, sql`true`);
  const total = result[0]?.total ?? 0;
  return { total, rows: result.flatMap(({ user }) => (user ? [toRow(user)] : [])) };
}

export async function findUser(db: Executor, id: string): Promise<AdminUserRow | undefined> {
  const [row] = await db.select(rowColumns).from(users).where(eq(users.id, id)).limit(1);
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
    .where(or(inArray(users.id, [...ids]), eq(users.isRootAdmin, true)))
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

export async function deleteUsers(tx: Executor, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await tx
    .delete(users)
    .where(inArray(users.id, [...ids]))
    .returning({ id: users.id });
  return rows.length;
}

export interface NewUser {
  username: string;
  email: string;
  fullName: string | null;
  passwordHash: string;
  isAdmin: boolean;
}

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
