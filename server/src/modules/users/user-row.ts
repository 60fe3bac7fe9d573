import type { AdminUserRow } from '@switchboard/contract/users';
import { sql } from 'drizzle-orm';
import { coinAccounts } from '../../db/schema/coins.ts';
import { users } from '../../db/schema/users.ts';
import { activeNow } from './active-now.ts';

/** The users screen's row: the user's columns and their coin account's figures. */
export const userRowColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  full_name: users.fullName,
  is_online: users.isOnline,
  is_admin: users.isAdmin,
  is_root_admin: users.isRootAdmin,
  admin_role_id: users.adminRoleId,
  is_active: activeNow,
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
  deleted_at: users.deletedAt,
};
/** The row as Drizzle reads it: timestamps are Dates until they leave the repository. */
export type UserRecord = Omit<AdminUserRow, 'created_at' | 'last_login' | 'deleted_at'> & {
  created_at: Date;
  last_login: Date | null;
  deleted_at: Date | null;
};
export const toUserRow = (r: UserRecord): AdminUserRow => ({
  ...r,
  created_at: r.created_at.toISOString(),
  last_login: r.last_login?.toISOString() ?? null,
  deleted_at: r.deleted_at?.toISOString() ?? null,
});
