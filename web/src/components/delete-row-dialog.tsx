import type { RefObject } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { failureToast } from '@/lib/failure-toast.ts';

interface DeleteRowDialogProps<Row extends { id: number; title: string }> {
  /** The row to delete; null keeps the dialog closed. */
  row: Row | null;
  title: string;
  question: string;
  /** What the toasts say after the call. */
  deleted: string;
  deleteFailed: string;
  remove(id: number): Promise<unknown>;
  onClose(): void;
  /** Where focus goes after the dialog closes (the row may be gone): usually the page's create button. */
  returnFocus: RefObject<HTMLElement | null>;
}

/** Asks before deleting a titled row of a list, deletes it, and toasts the outcome. */
export function DeleteRowDialog<Row extends { id: number; title: string }>({
  row,
  title,
  question,
  deleted,
  deleteFailed,
  remove,
  onClose,
  returnFocus,
}: DeleteRowDialogProps<Row>) {
  return (
    <ConfirmDialog
      open={row !== null}
      title={title}
      description={question}
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
          toast.success(deleted);
        } catch (error) {
          failureToast(deleteFailed, error);
        }
      }}
    />
  );
}
