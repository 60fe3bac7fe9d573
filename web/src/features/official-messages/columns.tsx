import type { OfficialMessage } from '@switchboard/contract/official-messages';
import type { ColumnDef } from '@tanstack/react-table';
import { EyeIcon } from 'lucide-react';
import { DraftActions } from '@/components/draft-actions.tsx';
import { IconButton } from '@/components/icon-button.tsx';
import type { DraftRowHandlers } from '@/components/messaging/broadcast-screen.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { capitalize, formatCount } from '@/lib/format.ts';

/** The draft actions of the shared broadcast screen, and View, which every admin who reads the list gets. */
export interface MessageActions extends DraftRowHandlers<OfficialMessage> {
  onView(message: OfficialMessage): void;
}

export function MessageBadges({ message }: { message: OfficialMessage }) {
  return (
    <span className="flex flex-wrap gap-1">
      {message.is_important ? <Badge variant="warning">Important</Badge> : null}
      {message.is_sticky ? <Badge variant="secondary">Sticky</Badge> : null}
      {message.is_urgent ? <Badge variant="destructive">Urgent</Badge> : null}
    </span>
  );
}

const count = (pick: (m: OfficialMessage) => number): ColumnDef<OfficialMessage>['cell'] =>
  function Count({ row }) {
    return <span className="tabular-nums">{formatCount(pick(row.original))}</span>;
  };

export function messageColumns(actions: MessageActions): ColumnDef<OfficialMessage>[] {
  return [
    {
      header: 'Message',
      cell: ({ row }) => (
        <div className="flex items-start gap-3">
          {row.original.image_url ? (
            <img
              src={row.original.image_url}
              alt={row.original.image_alt ?? ''}
              className="size-10 rounded object-cover"
            />
          ) : null}
          <div className="flex flex-col gap-1">
            <span className="font-medium">{row.original.title}</span>
            <span className="text-xs text-muted-foreground">{capitalize(row.original.message_type)}</span>
            <MessageBadges message={row.original} />
          </div>
        </div>
      ),
    },
    {
      header: 'Status',
      cell: ({ row }) => <Badge variant="outline">{capitalize(row.original.status)}</Badge>,
    },
    {
      header: 'Priority',
      cell: ({ row }) => capitalize(row.original.priority),
      meta: { className: 'hidden md:table-cell' },
    },
    { header: 'Recipients', cell: count((m) => m.total_recipients) },
    {
      header: 'Delivered',
      cell: count((m) => m.delivered_count),
      meta: { className: 'hidden lg:table-cell' },
    },
    { header: 'Read', cell: count((m) => m.read_count), meta: { className: 'hidden lg:table-cell' } },
    {
      header: 'Acknowledged',
      cell: count((m) => m.acknowledged_count),
      meta: { className: 'hidden lg:table-cell' },
    },
    { header: 'Actions', cell: ({ row }) => <RowActions message={row.original} actions={actions} /> },
  ];
}

function RowActions({ message, actions }: { message: OfficialMessage; actions: MessageActions }) {
  const named = (verb: string) => `${verb} ${message.title}`;
  return (
    <div className="flex gap-1">
      <IconButton icon={EyeIcon} label={named('View')} onClick={() => actions.onView(message)} />
      {actions.writable && message.status === 'draft' ? (
        <DraftActions
          name={message.title}
          sending={actions.busyId === message.id}
          onEdit={() => actions.onEdit(message)}
          onSend={() => actions.onSend(message)}
          onDelete={() => actions.onDelete(message)}
        />
      ) : null}
    </div>
  );
}
