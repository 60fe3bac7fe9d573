import { useState } from 'react';
import { ModalDialog } from '@/components/modal-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { DialogFooter } from '@/components/ui/dialog.tsx';
import { useAssignableRoles } from '../use-assignable-roles.ts';
import { AdminRoleSelect } from './admin-role-select.tsx';

interface MakeAdminDialogProps {
  open: boolean;
  /** Who becomes an admin: a username, or "3 users". */
  who: string;
  onOpenChange(open: boolean): void;
  onCloseAutoFocus?(event: Event): void;
  /** Resolves to whether the change was made (the dialog closes then). */
  onConfirm(roleId: string): Promise<boolean>;
}

/** Make Admin asks which role the new admin holds: the least privileged one unless another is picked. */
export function MakeAdminDialog({
  open,
  who,
  onOpenChange,
  onCloseAutoFocus,
  onConfirm,
}: MakeAdminDialogProps) {
  const assignable = useAssignableRoles(open);
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const [pending, setPending] = useState(false);
  const roleId = picked ?? assignable.defaultRoleId;
  const close = (next: boolean) => {
    if (pending) return;
    if (!next) setPicked(undefined);
    onOpenChange(next);
  };
  return (
    <ModalDialog
      open={open}
      onOpenChange={close}
      onCloseAutoFocus={onCloseAutoFocus}
      title={`Make ${who} admin`}
      description="They can sign in to this console with the permissions of the role you choose."
    >
      <form
        className="flex flex-col gap-4"
        aria-label="Make admin"
        onSubmit={async (event) => {
          event.preventDefault();
          if (!roleId) return;
          setPending(true);
          const done = await onConfirm(roleId);
          setPending(false);
          if (done) {
            setPicked(undefined);
            onOpenChange(false);
          }
        }}
      >
        <AdminRoleSelect assignable={assignable} value={roleId} onChange={setPicked} />
        <DialogFooter>
          <Button variant="outline" disabled={pending} onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending || !roleId}>
            {pending ? 'Making admin...' : 'Make Admin'}
          </Button>
        </DialogFooter>
      </form>
    </ModalDialog>
  );
}
