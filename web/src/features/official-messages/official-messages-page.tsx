import {
  OFFICIAL_MESSAGE_LIST_LIMIT,
  OFFICIAL_MESSAGE_MESSAGES,
  type OfficialMessage,
  officialMessagesEndpoints,
} from '@switchboard/contract/official-messages';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { BroadcastScreen, useBroadcastDrafts } from '@/components/messaging/broadcast-screen.tsx';
import { TableNote } from '@/components/table-note.tsx';
import { listError } from '@/lib/list-error.ts';
import { useDeleteMessage, useOfficialMessages, useSendMessage } from './api.ts';
import { messageColumns } from './columns.tsx';
import { MessageDetailsDialog } from './components/message-details-dialog.tsx';
import { MessageForm } from './components/message-form.tsx';

const everyUser = () => ({ target_audience: 'all' as const });

export function OfficialMessagesPage() {
  const list = useOfficialMessages();
  const send = useSendMessage();
  const remove = useDeleteMessage();
  const [viewing, setViewing] = useState<OfficialMessage | null>(null);
  const drafts = useBroadcastDrafts<OfficialMessage>(send, officialMessagesEndpoints.create);
  const handlers = drafts.handlers;
  // Rebuilt only when a row's state changes, so the table's cells keep their identity (and focus).
  const columns = useMemo(() => messageColumns({ ...handlers, onView: setViewing }), [handlers]);

  return (
    <BroadcastScreen
      title="Official Messaging"
      description="Announcements sent to every user of the app."
      createLabel="Create Message"
      drafts={drafts}
      messages={OFFICIAL_MESSAGE_MESSAGES}
      noun="message"
      audienceOf={everyUser}
      remove={remove.mutateAsync}
      deleteTitle="Delete message"
      editor={{
        titles: { create: 'Create Official Message', edit: 'Edit Official Message' },
        description: 'Sent to every user of the app.',
        form: (editing, done) => <MessageForm editing={editing} onDone={done} />,
      }}
      dialogs={<MessageDetailsDialog message={viewing} onClose={() => setViewing(null)} />}
    >
      <DataTable
        label="Official messages"
        columns={columns}
        rows={list.isError ? [] : list.data?.messages}
        getRowId={(row) => String(row.id)}
        error={listError(list, OFFICIAL_MESSAGE_MESSAGES.fetchFailed)}
        empty={<EmptyState title="No messages yet" description="Create a message to reach every user." />}
        footer={
          list.data?.has_more ? (
            <TableNote>Showing the newest {OFFICIAL_MESSAGE_LIST_LIMIT} messages.</TableNote>
          ) : null
        }
      />
    </BroadcastScreen>
  );
}
