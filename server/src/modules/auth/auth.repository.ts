import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';

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

export async function findAccountById(executor: Executor, id: string): Promise<Account | null> {
  const [row] = await executor
    .select(accountColumns)
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function setLastLogin(executor: Executor, id: string): Promise<void> {
  await executor.update(users).set({ lastLogin: sql`now()` }).where(eq(users.id, id));
}
