import type { RefObject } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { failureToast } from '@/lib/failure-toast.ts';

interface DeleteRowDialogProps<Row extends { id: number; title: string }> {
  /** The row to delete; null keeps the dialog closed. */
  row: Row | null;
  title: string;
  /** The screen's messages: the question asked, and what the toasts say after the call. */
  messages: { deleteConfirm: string; deleted: string; deleteFailed: string };
  remove(id: number): Promise<unknown>;
  onClose(): void;
  /** Where focus goes after the dialog closes (the row may be gone): usually the page's create button. */
  returnFocus: RefObject<HTMLElement | null>;
}

/** Asks before deleting a titled row of a list, deletes it, and toasts the outcome. */
export function DeleteRowDialog<Row extends { id: number; title: string }>({
  row,
  title,
  messages,
  remove,
  onClose,
  returnFocus,
}: DeleteRowDialogProps<Row>) {
  return (
    <ConfirmDialog
      open={row !== null}
      title={title}
      description={messages.deleteConfirm}
      detail={row?.title}
      onOpenChange={(open) => !open && onClose()}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        returnFocus.current?.focus();
      }}
      onConfirm={async () => {
        if (!row) return;
        try {
          await remove(row.id);
          toast.success(messages.deleted);
        } catch (error) {
          failureToast(messages.deleteFailed, error);
        }
      }}
    />
  );
}
