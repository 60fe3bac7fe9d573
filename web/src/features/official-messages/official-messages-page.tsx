import {
  OFFICIAL_MESSAGE_LIST_LIMIT,
  OFFICIAL_MESSAGE_MESSAGES,
  type OfficialMessage,
  officialMessagesEndpoints,
} from '@switchboard/contract/official-messages';
import { useCallback, useState } from 'react';
import { EmptyState } from '@/components/empty-state.tsx';
import { BroadcastScreen, type DraftRowHandlers } from '@/components/messaging/broadcast-screen.tsx';
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
  const columns = useCallback(
    (handlers: DraftRowHandlers<OfficialMessage>) => messageColumns({ ...handlers, onView: setViewing }),
    [],
  );

  return (
    <BroadcastScreen
      title="Official Messaging"
      description="Announcements sent to every user of the app."
      createLabel="Create Message"
      createEndpoint={officialMessagesEndpoints.create}
      messages={OFFICIAL_MESSAGE_MESSAGES}
      send={send}
      noun="message"
      audienceOf={everyUser}
      remove={remove.mutateAsync}
      deleteTitle="Delete message"
      columns={columns}
      table={{
        label: 'Official messages',
        rows: list.isError ? [] : list.data?.messages,
        error: listError(list, OFFICIAL_MESSAGE_MESSAGES.fetchFailed),
        empty: <EmptyState title="No messages yet" description="Create a message to reach every user." />,
        footer: list.data?.has_more ? (
          <TableNote>Showing the newest {OFFICIAL_MESSAGE_LIST_LIMIT} messages.</TableNote>
        ) : null,
      }}
      editor={{
        titles: { create: 'Create Official Message', edit: 'Edit Official Message' },
        description: 'Sent to every user of the app.',
        form: (editing, done) => <MessageForm editing={editing} onDone={done} />,
      }}
      dialogs={<MessageDetailsDialog message={viewing} onClose={() => setViewing(null)} />}
    />
  );
}
