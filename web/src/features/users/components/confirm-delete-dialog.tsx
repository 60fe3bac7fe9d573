import { useState } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';

/** Spec §5 confirmation text for deleting one user. */
export const DELETE_USER_CONFIRMATION = 'Are you sure you want to delete this user?';

interface ConfirmDeleteDialogProps {
  open: boolean;
  title: string;
  description: string;
  /** Extra detail under the question, e.g. which user. */
  detail?: string;
  onOpenChange(open: boolean): void;
  /** Where focus goes on close; there is no Trigger for Radix to return it to. */
  onCloseAutoFocus(event: Event): void;
  /** The dialog stays open, with its buttons disabled, until this settles. */
  onConfirm(): Promise<unknown>;
}

export function ConfirmDeleteDialog({
  open,
  title,
  description,
  detail,
  onOpenChange,
  onCloseAutoFocus,
  onConfirm,
}: ConfirmDeleteDialogProps) {
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
    } finally {
      setPending(false);
      onOpenChange(false);
    }
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
          {detail ? <p className="text-sm font-medium">{detail}</p> : null}
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          {/* A plain button, not AlertDialogAction, so the dialog waits for the server before closing. */}
          <Button variant="destructive" disabled={pending} onClick={confirm}>
            {pending ? 'Deleting...' : 'Delete'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
