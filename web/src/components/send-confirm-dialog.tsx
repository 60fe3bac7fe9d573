import type { AudiencePreviewRequest } from '@switchboard/contract/notifications';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { useAudiencePreview } from '@/lib/audience-preview.ts';
import { formatCount } from '@/lib/format.ts';

/** "Send to 1,939 users?": the question a send asks, with the count the server gave. */
export function sendQuestion(recipients: number): string {
  return `Send to ${formatCount(recipients)} ${recipients === 1 ? 'user' : 'users'}?`;
}

interface SendConfirmDialogProps {
  /** Who the send goes to; null keeps the dialog closed. */
  audience: AudiencePreviewRequest | null;
  /** What is sent (its title), shown under the question. */
  detail?: string;
  /** What kind of thing goes out, for the sentence: "notification", "message". */
  noun: string;
  onConfirm(): Promise<unknown>;
  onClose(): void;
  /** Where focus goes after the dialog closes. */
  onCloseAutoFocus?(event: Event): void;
}

/**
 * Asks before a send to many users, stating how many it reaches (counted by the server at the moment
 * of asking). A sent message cannot be unsent, so this asks first instead of offering an undo; Cancel
 * sends nothing.
 */
export function SendConfirmDialog({
  audience,
  detail,
  noun,
  onConfirm,
  onClose,
  onCloseAutoFocus,
}: SendConfirmDialogProps) {
  const count = useAudiencePreview(audience);
  const title =
    count.data !== undefined
      ? sendQuestion(count.data)
      : count.isError
        ? `Send this ${noun}?`
        : 'Counting recipients…';
  const description = count.isError
    ? `The recipients could not be counted. A sent ${noun} cannot be taken back.`
    : `Every one of them receives this ${noun} at once. A sent ${noun} cannot be taken back.`;
  return (
    <ConfirmDialog
      open={audience !== null}
      title={title}
      description={description}
      detail={detail}
      variant="default"
      confirmLabel="Send"
      pendingLabel="Sending..."
      confirmDisabled={count.isPending}
      onOpenChange={(open) => !open && onClose()}
      onCloseAutoFocus={(event) => onCloseAutoFocus?.(event)}
      onConfirm={onConfirm}
    />
  );
}
