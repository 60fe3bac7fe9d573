import { type Backup, DATABASE_MESSAGES, RESTORE_CONFIRMATION } from '@switchboard/contract/database';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert.tsx';
import { FormField } from '@/components/form-field.tsx';
import { ModalDialog } from '@/components/modal-dialog.tsx';
import { Time } from '@/components/time.tsx';
import { Button } from '@/components/ui/button.tsx';
import { DialogFooter } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { errorMessage } from '@/lib/error-message.ts';

interface RestoreDialogProps {
  backup: Backup | null;
  onClose(): void;
  onRestore(backup: Backup): Promise<unknown>;
}

/** Restoring replaces every table, so the admin types the confirmation word first. */
export function RestoreDialog({ backup, onClose, onRestore }: RestoreDialogProps) {
  const [typed, setTyped] = useState('');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    if (pending) return;
    setTyped('');
    setFailure(null);
    onClose();
  };
  const restore = async () => {
    if (!backup) return;
    setPending(true);
    setFailure(null);
    try {
      await onRestore(backup);
      setPending(false);
      setTyped('');
      onClose();
    } catch (error) {
      setPending(false);
      setFailure(errorMessage(error, 'Failed to restore backup'));
    }
  };
  return (
    <ModalDialog
      open={backup !== null}
      onOpenChange={(open) => !open && close()}
      title="Restore backup?"
      description={
        <>
          Every table is replaced with the backup from{' '}
          {backup ? <Time value={backup.created_at} exact /> : ''}. An automatic backup of the current state
          is taken first.
        </>
      }
    >
      {failure && <FormAlert message={failure} />}
      <FormField id="restore-confirmation" label={DATABASE_MESSAGES.restoreConfirm}>
        <Input
          id="restore-confirmation"
          autoComplete="off"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={close} disabled={pending}>
          Cancel
        </Button>
        <Button variant="destructive" disabled={pending || typed !== RESTORE_CONFIRMATION} onClick={restore}>
          {pending ? 'Restoring...' : 'Restore'}
        </Button>
      </DialogFooter>
    </ModalDialog>
  );
}
