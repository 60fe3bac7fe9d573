import {
  ListNotificationsQuery,
  NOTIFICATION_LIST_LIMIT,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_STATUSES,
  NOTIFICATION_TYPES,
  type NotificationListItem as Notification,
  notificationsEndpoints,
} from '@switchboard/contract/notifications';
import { PlusIcon } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { DataTable } from '@/components/data-table.tsx';
import { DeleteRowDialog } from '@/components/delete-row-dialog.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { OptionSelect } from '@/components/option-select.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { StatCard } from '@/components/stat-card.tsx';
import { TableNote } from '@/components/table-note.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { failureToast } from '@/lib/failure-toast.ts';
import { formatCount } from '@/lib/format.ts';
import { listError } from '@/lib/list-error.ts';
import { useCan } from '@/lib/permissions.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { useListUrlState } from '@/lib/use-list-url-state.ts';
import {
  useCancelNotification,
  useDeleteNotification,
  useNotificationStats,
  useNotifications,
  useSendNotification,
} from './api.ts';
import { notificationColumns } from './columns.tsx';
import { NotificationDialog } from './components/notification-dialog.tsx';
import { RecentActivity } from './components/recent-activity.tsx';
import { formatPercent } from './notification-format.ts';

export function NotificationsPage() {
  const id = useId();
  const { params, update } = useListUrlState(ListNotificationsQuery);
  const list = useNotifications(params);
  const stats = useNotificationStats();
  const send = useSendNotification();
  const cancel = useCancelNotification();
  const remove = useDeleteNotification();
  const [dialog, setDialog] = useState<{ open: boolean; editing: Notification | null }>({
    open: false,
    editing: null,
  });
  const [deleting, setDeleting] = useState<Notification | null>(null);
  const [search, setSearch] = useState(params.search);
  const debounced = useDebouncedValue(search, 300);
  const createButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (debounced.trim() !== params.search) update({ search: debounced.trim() }, { replace: true });
  }, [debounced, params.search, update]);

  const busyId = send.isPending
    ? (send.variables ?? null)
    : cancel.isPending
      ? (cancel.variables ?? null)
      : null;
  const writable = useCan()(notificationsEndpoints.create);
  const columns = useMemo(
    () =>
      notificationColumns({
        busyId,
        writable,
        onEdit: (n) => setDialog({ open: true, editing: n }),
        onDelete: setDeleting,
        onSend: (n) =>
          send.mutate(n.id, {
            onSuccess: () => toast.success(NOTIFICATION_MESSAGES.sent),
            onError: (error) => failureToast(NOTIFICATION_MESSAGES.sendFailed, error),
          }),
        onCancel: (n) =>
          cancel.mutate(n.id, {
            onSuccess: () => toast.success(NOTIFICATION_MESSAGES.cancelled),
            onError: (error) => failureToast(NOTIFICATION_MESSAGES.cancelFailed, error),
          }),
      }),
    [busyId, send, cancel, writable],
  );

  const s = stats.data;
  // A failed stats call shows dashes, never made-up figures.
  const figure = (value: (data: NonNullable<typeof s>) => string) =>
    s ? value(s) : stats.isError ? '—' : undefined;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Notifications"
        description="Send and schedule notifications to the app's users."
        actions={
          writable ? (
            <Button ref={createButton} onClick={() => setDialog({ open: true, editing: null })}>
              <PlusIcon aria-hidden="true" />
              Create Notification
            </Button>
          ) : undefined
        }
      />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          label="Total"
          value={figure((d) => formatCount(d.total_notifications))}
          hint={s ? `${formatCount(s.draft_notifications)} drafts` : undefined}
        />
        <StatCard
          label="Sent"
          value={figure((d) => formatCount(d.sent_notifications))}
          hint={s ? `${formatCount(s.total_recipients)} recipients` : undefined}
        />
        <StatCard label="Scheduled" value={figure((d) => formatCount(d.scheduled_notifications))} />
        <StatCard label="Avg Read Rate" value={figure((d) => formatPercent(d.average_read_rate))} />
      </div>
      <RecentActivity items={s?.recent_activity} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1.5">
          <Label htmlFor={`${id}-search`}>Search notifications</Label>
          <Input
            id={`${id}-search`}
            type="search"
            placeholder="Search by title or message"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <OptionSelect
          id={`${id}-status`}
          label="Status"
          value={params.status}
          options={['all', ...NOTIFICATION_STATUSES] as const}
          labels={{ all: 'All statuses' }}
          onChange={(status) => update({ status })}
        />
        <OptionSelect
          id={`${id}-type`}
          label="Type"
          value={params.type}
          options={['all', ...NOTIFICATION_TYPES] as const}
          labels={{ all: 'All types' }}
          onChange={(type) => update({ type })}
        />
      </div>
      <DataTable
        label="Notifications"
        columns={columns}
        rows={list.isError ? [] : list.data?.notifications}
        getRowId={(n) => String(n.id)}
        stale={list.isPlaceholderData}
        error={listError(list, NOTIFICATION_MESSAGES.fetchFailed)}
        empty={<EmptyState title="No notifications" description="Nothing matches these filters yet." />}
        footer={
          list.data?.has_more ? (
            <TableNote>
              Showing the newest {NOTIFICATION_LIST_LIMIT}; narrow the search or filters to find older ones.
            </TableNote>
          ) : null
        }
      />
      <NotificationDialog
        open={dialog.open}
        editing={dialog.editing}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
      />
      <DeleteRowDialog
        row={deleting}
        title="Delete notification"
        messages={NOTIFICATION_MESSAGES}
        remove={remove.mutateAsync}
        onClose={() => setDeleting(null)}
        returnFocus={createButton}
      />
    </div>
  );
}
