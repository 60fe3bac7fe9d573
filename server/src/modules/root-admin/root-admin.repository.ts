import { eq, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';

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

/**
 * Serialises registrations until the transaction ends, so the seat count read inside it stays
 * true until the insert (an advisory lock; PGlite supports it too).
 */
export async function lockRegistration(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('switchboard:root-admin-registration'))`);
}

/** Inserts an active root admin; a taken username or email fails on the case-insensitive unique indexes. */
export async function insertRootAdmin(
  executor: Executor,
  input: { username: string; email: string; fullName: string | null; passwordHash: string },
) {
  const [row] = await executor
    .insert(users)
    .values({ ...input, isAdmin: true, isRootAdmin: true, isActive: true })
    .returning({
      id: users.id,
      username: users.username,
      email: users.email,
      full_name: users.fullName,
      is_admin: users.isAdmin,
      is_root_admin: users.isRootAdmin,
      is_active: users.isActive,
      created_at: users.createdAt,
    });
  if (!row) throw new Error('root admin insert returned no row');
  return { ...row, created_at: row.created_at.toISOString() };
}
