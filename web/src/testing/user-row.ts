import type { AdminUserRow } from '@switchboard/contract/users';

/** A row of the users list as the server sends it: an active, offline app user with no coins, unless overridden. */
export const userRow = (
  row: Pick<AdminUserRow, 'id' | 'username'> & Partial<AdminUserRow>,
): AdminUserRow => ({
  email: `${row.username}@example.test`,
  full_name: null,
  is_online: false,
  is_admin: false,
  is_root_admin: false,
  admin_role_id: 'none',
  is_active: true,
  coin_balance: 0,
  total_earned: 0,
  total_spent: 0,
  created_at: '2026-11-20T10:00:00.000Z',
  last_login: null,
  deleted_at: null,
  ...row,
});
