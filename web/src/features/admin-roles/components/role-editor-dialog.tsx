import { type AdminRole, ROLE_MESSAGES, type RoleInput } from '@switchboard/contract/admin-roles';
import type { Permission } from '@switchboard/contract/permissions';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { FormAlert } from '@/components/form-alert.tsx';
import { FormField, fieldMessageId } from '@/components/form-field.tsx';
import { ModalDialog } from '@/components/modal-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { DialogFooter } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { ApiRequestError } from '@/lib/api-client.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { useCan } from '@/lib/permissions.ts';
import { useCreateRole, useUpdateRole } from '../api.ts';
import { PermissionGrid } from './permission-grid.tsx';

/** What the editor opens on: a custom role to change, or a starting point for a new one. */
export type RoleDraft =
  | { mode: 'edit'; role: AdminRole }
  | { mode: 'create'; from?: Pick<AdminRole, 'name' | 'description' | 'permissions'> };

const NAME_ID = 'role-name';
const DESCRIPTION_ID = 'role-description';

export function RoleEditorDialog({ draft, onClose }: { draft: RoleDraft | null; onClose(): void }) {
  const title = draft?.mode === 'edit' ? `Edit role ${draft.role.name}` : 'New role';
  return (
    <ModalDialog
      className="max-h-[90vh] overflow-y-auto sm:max-w-xl"
      open={draft !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description="Tick what admins holding this role may read and change."
    >
      {draft ? <RoleForm draft={draft} onDone={onClose} /> : null}
    </ModalDialog>
  );
}

function startingPoint(draft: RoleDraft) {
  if (draft.mode === 'edit') return draft.role;
  const from = draft.from;
  return from
    ? { name: `${from.name} (copy)`, description: from.description, permissions: from.permissions }
    : { name: '', description: '', permissions: [] as Permission[] };
}

function RoleForm({ draft, onDone }: { draft: RoleDraft; onDone(): void }) {
  const start = startingPoint(draft);
  const [name, setName] = useState(start.name);
  const [description, setDescription] = useState(start.description);
  const [permissions, setPermissions] = useState<Set<Permission>>(new Set(start.permissions));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateRole();
  const update = useUpdateRole();
  const saving = create.isPending || update.isPending;
  const can = useCan();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!name.trim()) {
      setErrors({ name: 'Name is required' });
      return;
    }
    setErrors({});
    const body: RoleInput = {
      name: name.trim(),
      description: description.trim(),
      permissions: [...permissions],
    };
    try {
      const result =
        draft.mode === 'edit'
          ? await update.mutateAsync({ id: draft.role.id, body })
          : await create.mutateAsync(body);
      toast.success(result.message);
      onDone();
    } catch (error) {
      if (error instanceof ApiRequestError && error.fieldErrors.length > 0)
        setErrors(Object.fromEntries(error.fieldErrors.map((e) => [e.field, e.message])));
      else if (error instanceof ApiRequestError && error.serverMessage === ROLE_MESSAGES.nameTaken)
        setErrors({ name: ROLE_MESSAGES.nameTaken });
      else setFailure(errorMessage(error, 'Failed to save role'));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {failure ? <FormAlert message={failure} focusOnMount /> : null}
      <FormField id={NAME_ID} label="Name" error={errors.name}>
        <Input
          id={NAME_ID}
          value={name}
          maxLength={50}
          aria-invalid={Boolean(errors.name)}
          aria-describedby={errors.name ? fieldMessageId(NAME_ID) : undefined}
          onChange={(e) => setName(e.target.value)}
        />
      </FormField>
      <FormField id={DESCRIPTION_ID} label="Description" error={errors.description}>
        <Input
          id={DESCRIPTION_ID}
          value={description}
          maxLength={200}
          aria-invalid={Boolean(errors.description)}
          aria-describedby={errors.description ? fieldMessageId(DESCRIPTION_ID) : undefined}
          onChange={(e) => setDescription(e.target.value)}
        />
      </FormField>
      <PermissionGrid value={permissions} onChange={setPermissions} disabled={saving} canGrant={can} />
      {errors.permissions ? (
        <p role="alert" className="text-sm text-destructive">
          {errors.permissions}
        </p>
      ) : null}
      {draft.mode === 'edit' && draft.role.admins > 0 ? (
        <p className="text-sm text-muted-foreground">
          Saving signs out the {draft.role.admins === 1 ? 'admin' : `${draft.role.admins} admins`} holding
          this role; they sign in again under the new permissions.
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save Role'}
        </Button>
      </DialogFooter>
    </form>
  );
}
