import { type AdminRole, ROLE_MESSAGES } from '@switchboard/contract/admin-roles';
import type { AdminUserRow } from '@switchboard/contract/users';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { DataTable } from '@/components/data-table.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { OptionSelect } from '@/components/option-select.tsx';
import { TitledCard } from '@/components/titled-card.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { useSession } from '@/lib/session-context.tsx';
import { useAdmins, useAssignRole } from '../api.ts';

interface Change {
  admin: AdminUserRow;
  role: AdminRole;
}

/** Every admin with the role they hold; another role is one choice and a confirmation away. */
export function AdminsCard({ roles }: { roles: readonly AdminRole[] }) {
  const [page, setPage] = useState(1);
  const admins = useAdmins(page);
  const assign = useAssignRole();
  const { user: me } = useSession();
  const [change, setChange] = useState<Change | null>(null);

  const columns = useMemo<ColumnDef<AdminUserRow>[]>(() => {
    const names = Object.fromEntries(roles.map((r) => [r.id, r.name]));
    const ids = roles.map((r) => r.id);
    return [
      {
        header: 'Admin',
        cell: ({ row }) => (
          <div className="flex flex-col">
            <span className="font-medium">{row.original.username}</span>
            <span className="text-xs wrap-anywhere text-muted-foreground">{row.original.email}</span>
          </div>
        ),
      },
      {
        header: 'Role',
        cell: ({ row }) => {
          const admin = row.original;
          if (admin.is_root_admin) return <Badge variant="secondary">Root: every permission</Badge>;
          if (admin.id === me?.id)
            return (
              <span title={ROLE_MESSAGES.cannotChangeOwn}>
                {names[admin.admin_role_id] ?? admin.admin_role_id}
              </span>
            );
          return (
            <OptionSelect
              label={`Role of ${admin.username}`}
              hideLabel
              className="w-32 sm:w-48"
              value={admin.admin_role_id}
              options={ids.includes(admin.admin_role_id) ? ids : [admin.admin_role_id, ...ids]}
              labels={names}
              onChange={(roleId) => {
                const role = roles.find((r) => r.id === roleId);
                if (role && roleId !== admin.admin_role_id) setChange({ admin, role });
              }}
            />
          );
        },
      },
    ];
  }, [roles, me?.id]);

  const data = admins.data;
  return (
    <TitledCard title="Admins" className="flex flex-col gap-4">
      <DataTable
        label="Admins"
        columns={columns}
        rows={data?.users}
        getRowId={(row) => row.id}
        stale={admins.isPlaceholderData}
        error={
          admins.isError
            ? {
                title: 'Could not load admins',
                message: errorMessage(admins.error, 'Failed to fetch admins'),
                onRetry: () => void admins.refetch(),
              }
            : null
        }
        empty={<EmptyState title="No admins" />}
        pager={{ label: 'Admins pages', noun: 'admins', page, result: data, onPageChange: setPage }}
      />
      <ConfirmDialog
        open={change !== null}
        title="Change role?"
        description={
          change
            ? `${change.admin.username} will hold ${change.role.name} and is signed out, to sign in again under it.`
            : ''
        }
        confirmLabel="Change role"
        pendingLabel="Changing..."
        variant="default"
        onOpenChange={(open) => !open && setChange(null)}
        onCloseAutoFocus={() => undefined}
        onConfirm={async () => {
          if (!change) return;
          try {
            const result = await assign.mutateAsync({ userId: change.admin.id, roleId: change.role.id });
            toast.success(result.message);
            setChange(null);
          } catch (error) {
            toast.error(errorMessage(error, 'Failed to change role'));
          }
        }}
      />
    </TitledCard>
  );
}
