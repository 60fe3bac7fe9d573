import {
  ListNotificationsQuery,
  NOTIFICATION_LIST_LIMIT,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_STATUSES,
  NOTIFICATION_TYPES,
  type NotificationListItem as Notification,
  notificationsEndpoints,
} from '@switchboard/contract/notifications';
import { useEffect, useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { DataTable } from '@/components/data-table.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { BroadcastScreen, useBroadcastDrafts } from '@/components/messaging/broadcast-screen.tsx';
import { OptionSelect } from '@/components/option-select.tsx';
import { StatCard } from '@/components/stat-card.tsx';
import { STAT_GRID } from '@/components/stat-overview.tsx';
import { TableNote } from '@/components/table-note.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { failureToast } from '@/lib/failure-toast.ts';
import { formatCount, formatPercent } from '@/lib/format.ts';
import { listError } from '@/lib/list-error.ts';
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
import { NotificationForm } from './components/notification-form.tsx';
import { RecentActivity } from './components/recent-activity.tsx';

const audienceOf = (n: Notification) => ({
  target_audience: n.target_audience,
  target_user_ids: n.target_user_ids,
});

export function NotificationsPage() {
  const id = useId();
  const { params, update } = useListUrlState(ListNotificationsQuery);
  const list = useNotifications(params);
  const stats = useNotificationStats();
  const send = useSendNotification();
  const cancel = useCancelNotification();
  const remove = useDeleteNotification();
  const [search, setSearch] = useState(params.search);
  const debounced = useDebouncedValue(search, 300);

  useEffect(() => {
    if (debounced.trim() !== params.search) update({ search: debounced.trim() }, { replace: true });
  }, [debounced, params.search, update]);

  // A scheduled notification can be cancelled too; its button waits like Send does.
  const cancelling = cancel.isPending ? (cancel.variables ?? null) : null;
  const cancelMutate = cancel.mutate;
  const drafts = useBroadcastDrafts<Notification>(send, notificationsEndpoints.create);
  const handlers = drafts.handlers;
  // Rebuilt only when a row's state changes, so the table's cells keep their identity (and focus).
  const columns = useMemo(
    () =>
      notificationColumns({
        ...handlers,
        busyId: handlers.busyId ?? cancelling,
        onCancel: (n) =>
          cancelMutate(n.id, {
            onSuccess: () => toast.success(NOTIFICATION_MESSAGES.cancelled),
            onError: (error) => failureToast(NOTIFICATION_MESSAGES.cancelFailed, error),
          }),
      }),
    [handlers, cancelling, cancelMutate],
  );

  const s = stats.data;
  // A failed stats call shows dashes, never made-up figures.
  const figure = (value: (data: NonNullable<typeof s>) => string) =>
    s ? value(s) : stats.isError ? '—' : undefined;
  return (
    <BroadcastScreen
      title="Notifications"
      description="Send and schedule notifications to the app's users."
      createLabel="Create Notification"
      drafts={drafts}
      messages={NOTIFICATION_MESSAGES}
      noun="notification"
      audienceOf={audienceOf}
      remove={remove.mutateAsync}
      deleteTitle="Delete notification"
      editor={{
        titles: { create: 'Create Notification', edit: 'Edit Notification' },
        description: 'Title and message are required.',
        form: (editing, done) => <NotificationForm editing={editing} onDone={done} />,
      }}
    >
      <div className={STAT_GRID}>
        <StatCard
          label="Total"
          value={figure((d) => formatCount(d.total_notifications))}
          hint={s ? `${formatCount(s.draft_notifications)} drafts` : undefined}
        />
        <StatCard
          label="Sent"
          value={figure((d) => formatCount(d.sent_notifications))}
          hint={
            s
              ? `${formatCount(s.total_recipients)} recipients, ${formatCount(s.digest_deliveries)} digest deliveries`
              : undefined
          }
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
        getRowId={(row) => String(row.id)}
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
    </BroadcastScreen>
  );
}
