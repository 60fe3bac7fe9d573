import { type AdminRole, ROLE_MESSAGES } from '@switchboard/contract/admin-roles';
import { PERMISSIONS } from '@switchboard/contract/permissions';
import type { ColumnDef } from '@tanstack/react-table';
import { CopyIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { DataTable } from '@/components/data-table.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { IconButton } from '@/components/icon-button.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { useDeleteRole, useRoles } from './api.ts';
import { AdminsCard } from './components/admins-card.tsx';
import { type RoleDraft, RoleEditorDialog } from './components/role-editor-dialog.tsx';

/** Asked before a custom role is deleted. */
export const DELETE_ROLE_CONFIRMATION = 'Are you sure you want to delete this role?';

const summary = (role: AdminRole) =>
  role.permissions.length === PERMISSIONS.length
    ? 'Every permission'
    : `${role.permissions.length} permissions`;

/** Admin Roles: the built-in templates and custom roles, and which role each admin holds. */
export function AdminRolesPage() {
  const roles = useRoles();
  const remove = useDeleteRole();
  const [draft, setDraft] = useState<RoleDraft | null>(null);
  const [deleting, setDeleting] = useState<AdminRole | null>(null);

  const columns = useMemo<ColumnDef<AdminRole>[]>(
    () => [
      {
        header: 'Role',
        cell: ({ row }) => (
          <div className="flex flex-col">
            <span className="flex items-center gap-2 font-medium">
              {row.original.name}
              {row.original.built_in ? <Badge variant="secondary">Built-in</Badge> : null}
            </span>
            <span className="text-xs text-muted-foreground">{row.original.description}</span>
          </div>
        ),
      },
      {
        header: 'Permissions',
        cell: ({ row }) => <span title={row.original.permissions.join(', ')}>{summary(row.original)}</span>,
      },
      { header: 'Admins', cell: ({ row }) => row.original.admins },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row }) => {
          const role = row.original;
          if (role.built_in)
            return (
              <IconButton
                icon={CopyIcon}
                label={`Copy ${role.name}`}
                title={ROLE_MESSAGES.builtInReadOnly}
                onClick={() => setDraft({ mode: 'create', from: role })}
              />
            );
          const inUse = role.admins > 0 ? ROLE_MESSAGES.inUse(role.admins) : null;
          return (
            <div className="flex justify-end gap-1">
              <IconButton
                icon={PencilIcon}
                label={`Edit ${role.name}`}
                title="Edit role"
                onClick={() => setDraft({ mode: 'edit', role })}
              />
              <IconButton
                icon={Trash2Icon}
                className="text-destructive hover:text-destructive"
                label={`Delete ${role.name}`}
                title={inUse ?? 'Delete role'}
                disabled={inUse !== null}
                onClick={() => setDeleting(role)}
              />
            </div>
          );
        },
      },
    ],
    [],
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Admin Roles"
        description="What each admin may read and change, area by area. Built-in roles are templates: copy one to change it."
        actions={
          <Button onClick={() => setDraft({ mode: 'create' })}>
            <PlusIcon aria-hidden="true" />
            New Role
          </Button>
        }
      />
      <DataTable
        label="Roles"
        columns={columns}
        rows={roles.data}
        getRowId={(role) => role.id}
        error={
          roles.isError
            ? {
                title: 'Could not load roles',
                message: errorMessage(roles.error, 'Failed to fetch roles'),
                onRetry: () => void roles.refetch(),
              }
            : null
        }
        empty={<EmptyState title="No roles" />}
      />
      {roles.data ? <AdminsCard roles={roles.data} /> : null}
      <RoleEditorDialog draft={draft} onClose={() => setDraft(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete role"
        description={DELETE_ROLE_CONFIRMATION}
        {...(deleting ? { detail: deleting.name } : {})}
        onOpenChange={(open) => !open && setDeleting(null)}
        onCloseAutoFocus={() => undefined}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            const result = await remove.mutateAsync(deleting.id);
            toast.success(result.message);
            setDeleting(null);
          } catch (error) {
            toast.error(errorMessage(error, 'Failed to delete role'));
          }
        }}
      />
    </div>
  );
}
