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

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: string;
  /** Extra detail under the question, e.g. which user. */
  detail?: string;
  onOpenChange(open: boolean): void;
  /** Where focus goes on close; there is no Trigger for Radix to return it to. */
  onCloseAutoFocus(event: Event): void;
  /** The confirm button's text, and its text while the change is in flight. */
  confirmLabel?: string;
  pendingLabel?: string;
  /** Destructive (red) by default: most confirmations guard a change that cannot be undone. */
  variant?: 'destructive' | 'default';
  /** Keeps the confirm button disabled, e.g. while the question's figures load. */
  confirmDisabled?: boolean;
  /** The dialog stays open, with its buttons disabled, until this settles. */
  onConfirm(): Promise<unknown>;
}

/** Asks before a change; stays open with its buttons disabled until the change settles. */
export function ConfirmDialog({
  open,
  title,
  description,
  detail,
  confirmLabel = 'Delete',
  pendingLabel = 'Deleting...',
  variant = 'destructive',
  confirmDisabled = false,
  onOpenChange,
  onCloseAutoFocus,
  onConfirm,
}: ConfirmDialogProps) {
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
          <Button variant={variant} disabled={pending || confirmDisabled} onClick={confirm}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
