import { toast } from 'sonner';
import { failureToast } from '@/lib/failure-toast.ts';

/** How long an Undo stays offered after a change. */
export const UNDO_MS = 10_000;

/**
 * Says a change was made and offers Undo for 10 s. `undo` must be a real server action (a restore or
 * reopen endpoint, audited like any other change), never a delay before the change is sent: the change
 * has happened, and Undo makes another. Where no such action can be honest (a sent message), ask first
 * instead (ConfirmDialog).
 */
export function undoToast(
  message: string,
  undo: () => Promise<unknown>,
  words: { undone: string; undoFailed: string },
): void {
  toast.success(message, {
    duration: UNDO_MS,
    action: {
      label: 'Undo',
      onClick: () => {
        undo().then(
          () => toast.success(words.undone),
          (error: unknown) => failureToast(words.undoFailed, error),
        );
      },
    },
  });
}
