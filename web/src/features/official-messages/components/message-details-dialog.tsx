import { OFFICIAL_MESSAGE_MESSAGES, type OfficialMessage } from '@switchboard/contract/official-messages';
import { ErrorPanel } from '@/components/error-panel.tsx';
import { ModalDialog } from '@/components/modal-dialog.tsx';
import { StatCard } from '@/components/stat-card.tsx';
import { Time } from '@/components/time.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { formatCount, formatPercent } from '@/lib/format.ts';
import { useMessageStats } from '../api.ts';
import { MessageBadges } from '../columns.tsx';

/** One message with its delivery figures, read from the server when opened. */
export function MessageDetailsDialog({
  message,
  onClose,
}: {
  message: OfficialMessage | null;
  onClose(): void;
}) {
  const stats = useMessageStats(message?.id ?? null);
  const s = stats.data;
  return (
    <ModalDialog
      className="max-h-[90vh]"
      open={message !== null}
      onOpenChange={(open) => !open && onClose()}
      title={message?.title ?? ''}
      description={
        message?.status === 'sent' ? (
          <>
            Sent <Time value={message.sent_at} />
          </>
        ) : (
          `Status: ${message?.status}`
        )
      }
    >
      {message ? (
        <>
          <MessageBadges message={message} />
          {message.image_url ? (
            <img
              src={message.image_url}
              alt={message.image_alt ?? ''}
              className="max-h-60 rounded object-contain"
            />
          ) : null}
          <p className="whitespace-pre-wrap text-sm">{message.content}</p>
          {stats.isError ? (
            <ErrorPanel
              title={OFFICIAL_MESSAGE_MESSAGES.fetchFailed}
              message={errorMessage(stats.error, OFFICIAL_MESSAGE_MESSAGES.fetchFailed)}
              onRetry={() => void stats.refetch()}
            />
          ) : (
            <div className="grid grid-cols-2 gap-3">
              <StatCard label="Recipients" value={s ? formatCount(s.total_recipients) : undefined} />
              <StatCard label="Delivered" value={s ? formatCount(s.delivered_count) : undefined} />
              <StatCard
                label="Read"
                value={s ? formatCount(s.read_count) : undefined}
                hint={s ? `${formatPercent(s.read_rate)} read rate` : undefined}
              />
              <StatCard label="Acknowledged" value={s ? formatCount(s.acknowledged_count) : undefined} />
            </div>
          )}
        </>
      ) : null}
    </ModalDialog>
  );
}
