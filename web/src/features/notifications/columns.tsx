import type { NotificationListItem as Notification } from '@switchboard/contract/notifications';
import type { ColumnDef } from '@tanstack/react-table';
import { XCircleIcon } from 'lucide-react';
import { DraftActions } from '@/components/draft-actions.tsx';
import type { DraftRowHandlers } from '@/components/messaging/broadcast-screen.tsx';
import { Time } from '@/components/time.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { capitalize, formatCount, formatPercent } from '@/lib/format.ts';

/** The draft actions of the shared broadcast screen, and Cancel for a scheduled notification. */
export interface NotificationActions extends DraftRowHandlers<Notification> {
  onCancel(notification: Notification): void;
}

const STATUS_VARIANT: Record<Notification['status'], 'default' | 'secondary' | 'destructive' | 'outline'> = {
  sent: 'default',
  scheduled: 'secondary',
  draft: 'outline',
  failed: 'destructive',
  cancelled: 'outline',
};

export function notificationColumns(actions: NotificationActions): ColumnDef<Notification>[] {
  return [
    {
      header: 'Title',
      cell: ({ row }) => <span className="font-medium">{row.original.title}</span>,
    },
    {
      header: 'Message',
      cell: ({ row }) => (
        <span className="line-clamp-2 max-w-xs text-muted-foreground">{row.original.message}</span>
      ),
      meta: { className: 'hidden lg:table-cell' },
    },
    { header: 'Type', cell: ({ row }) => <Badge variant="outline">{capitalize(row.original.type)}</Badge> },
    {
      header: 'Priority',
      cell: ({ row }) => capitalize(row.original.priority),
      meta: { className: 'hidden md:table-cell' },
    },
    {
      header: 'Status',
      cell: ({ row }) => (
        <div className="flex flex-col gap-1">
          <Badge variant={STATUS_VARIANT[row.original.status]}>{capitalize(row.original.status)}</Badge>
          {row.original.status === 'scheduled' && row.original.scheduled_at ? (
            <span className="text-xs text-muted-foreground">
              <Time value={row.original.scheduled_at} />
            </span>
          ) : null}
        </div>
      ),
    },
    {
      header: 'Read / Recipients',
      cell: ({ row }) => {
        const { read_count, total_recipients } = row.original;
        const rate = total_recipients > 0 ? read_count / total_recipients : 0;
        return (
          <span className="tabular-nums">
            {formatCount(read_count)} / {formatCount(total_recipients)}{' '}
            <span className="text-muted-foreground">({formatPercent(rate)} read)</span>
          </span>
        );
      },
    },
    {
      header: 'Actions',
      cell: ({ row }) => <RowActions notification={row.original} actions={actions} />,
    },
  ];
}

function RowActions({ notification, actions }: { notification: Notification; actions: NotificationActions }) {
  const busy = actions.busyId === notification.id;
  const label = (verb: string) => `${verb} ${notification.title}`;
  if (!actions.writable) return null;
  if (notification.status === 'scheduled') {
    return (
      <Button
        variant="ghost"
        size="sm"
        disabled={busy}
        onClick={() => actions.onCancel(notification)}
        aria-label={label('Cancel')}
      >
        <XCircleIcon aria-hidden="true" />
        Cancel
      </Button>
    );
  }
  // Only a draft can change; sent, failed and cancelled notifications are view-only.
  if (notification.status !== 'draft') return null;
  return (
    <div className="flex gap-1">
      <DraftActions
        name={notification.title}
        sending={busy}
        onEdit={() => actions.onEdit(notification)}
        onSend={() => actions.onSend(notification)}
        onDelete={() => actions.onDelete(notification)}
      />
    </div>
  );
}
