import type { AdminUserRow } from '@switchboard/contract/users';
import { Badge } from '@/components/ui/badge.tsx';

export function UserStatusBadges({ user }: { user: Pick<AdminUserRow, 'is_online' | 'is_active'> }) {
  return (
    <div className="flex flex-wrap gap-1">
      {user.is_online ? <Badge variant="success">Online</Badge> : <Badge variant="secondary">Offline</Badge>}
      {user.is_active ? null : <Badge variant="destructive">Inactive</Badge>}
    </div>
  );
}

export function UserRoleBadges({ user }: { user: Pick<AdminUserRow, 'is_admin' | 'is_root_admin'> }) {
  if (!user.is_admin && !user.is_root_admin) return <span className="text-muted-foreground">User</span>;
  return (
    <div className="flex flex-wrap gap-1">
      {user.is_admin ? <Badge>Admin</Badge> : null}
      {user.is_root_admin ? <Badge variant="warning">Root</Badge> : null}
    </div>
  );
}
