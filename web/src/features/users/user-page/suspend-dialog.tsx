import { USER_ACTION_CONFIRMATIONS, USER_PROFILE_MESSAGES } from '@switchboard/contract/user-profile';
import { useState } from 'react';
import { FormField } from '@/components/form-field.tsx';
import { ModalDialog } from '@/components/modal-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';

interface SuspendDialogProps {
  open: boolean;
  /** Who is suspended: a username, or "3 users". */
  who: string;
  onOpenChange(open: boolean): void;
  /** Resolves to an error message to show, or null once done. */
  onSuspend(input: { reason: string; until: string | null }): Promise<string | null>;
}

/** Asks why (required) and until when (optional) before a suspension: the confirmation of the action. */
export function SuspendDialog({ open, who, onOpenChange, onSuspend }: SuspendDialogProps) {
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  return (
    <ModalDialog
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        if (!next) {
          setReason('');
          setUntil('');
          setError(null);
        }
        onOpenChange(next);
      }}
      title={`Suspend ${who}`}
      description={USER_ACTION_CONFIRMATIONS.suspend}
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={async (event) => {
          event.preventDefault();
          if (!reason.trim()) {
            setError(USER_PROFILE_MESSAGES.reasonRequired);
            return;
          }
          setPending(true);
          const failure = await onSuspend({
            reason: reason.trim(),
            until: until ? new Date(until).toISOString() : null,
          });
          setPending(false);
          setError(failure);
          if (!failure) {
            setReason('');
            setUntil('');
            onOpenChange(false);
          }
        }}
      >
        <FormField id="suspend-reason" label="Reason" {...(error ? { error } : {})}>
          <Textarea
            id="suspend-reason"
            value={reason}
            maxLength={500}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'suspend-reason-message' : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
        </FormField>
        <FormField
          id="suspend-until"
          label="Until (optional)"
          hint="Leave empty to suspend until reactivated."
        >
          <Input
            id="suspend-until"
            type="datetime-local"
            value={until}
            onChange={(event) => setUntil(event.target.value)}
          />
        </FormField>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={pending}>
            {pending ? 'Suspending...' : 'Suspend'}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
