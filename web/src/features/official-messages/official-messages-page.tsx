import {
  OFFICIAL_MESSAGE_LIST_LIMIT,
  OFFICIAL_MESSAGE_MESSAGES,
  type OfficialMessage,
  officialMessagesEndpoints,
} from '@switchboard/contract/official-messages';
import { PlusIcon } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { DataTable } from '@/components/data-table.tsx';
import { DeleteRowDialog } from '@/components/delete-row-dialog.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { SendConfirmDialog } from '@/components/send-confirm-dialog.tsx';
import { TableNote } from '@/components/table-note.tsx';
import { Button } from '@/components/ui/button.tsx';
import { failureToast } from '@/lib/failure-toast.ts';
import { listError } from '@/lib/list-error.ts';
import { useCan } from '@/lib/permissions.ts';
import { useDeleteMessage, useOfficialMessages, useSendMessage } from './api.ts';
import { messageColumns } from './columns.tsx';
import { MessageDetailsDialog } from './components/message-details-dialog.tsx';
import { MessageDialog } from './components/message-dialog.tsx';

export function OfficialMessagesPage() {
  const list = useOfficialMessages();
  const send = useSendMessage();
  const remove = useDeleteMessage();
  const [dialog, setDialog] = useState<{ open: boolean; editing: OfficialMessage | null }>({
    open: false,
    editing: null,
  });
  const [viewing, setViewing] = useState<OfficialMessage | null>(null);
  const [deleting, setDeleting] = useState<OfficialMessage | null>(null);
  // A send reaches every user and cannot be taken back: it asks first, stating how many.
  const [sending, setSending] = useState<OfficialMessage | null>(null);
  const createButton = useRef<HTMLButtonElement>(null);

  const busyId = send.isPending ? (send.variables ?? null) : null;
  const writable = useCan()(officialMessagesEndpoints.create);
  const columns = useMemo(
    () =>
      messageColumns({
        busyId,
        writable,
        onView: setViewing,
        onEdit: (m) => setDialog({ open: true, editing: m }),
        onDelete: setDeleting,
        onSend: setSending,
      }),
    [busyId, writable],
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Official Messaging"
        description="Announcements sent to every user of the app."
        actions={
          writable ? (
            <Button ref={createButton} onClick={() => setDialog({ open: true, editing: null })}>
              <PlusIcon aria-hidden="true" />
              Create Message
            </Button>
          ) : undefined
        }
      />
      <DataTable
        label="Official messages"
        columns={columns}
        rows={list.isError ? [] : list.data?.messages}
        getRowId={(m) => String(m.id)}
        error={listError(list, OFFICIAL_MESSAGE_MESSAGES.fetchFailed)}
        empty={<EmptyState title="No messages yet" description="Create a message to reach every user." />}
        footer={
          list.data?.has_more ? (
            <TableNote>Showing the newest {OFFICIAL_MESSAGE_LIST_LIMIT} messages.</TableNote>
          ) : null
        }
      />
      <MessageDialog
        open={dialog.open}
        editing={dialog.editing}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
      />
      <MessageDetailsDialog message={viewing} onClose={() => setViewing(null)} />
      <SendConfirmDialog
        audience={sending ? { target_audience: 'all' } : null}
        detail={sending?.title}
        noun="message"
        onClose={() => setSending(null)}
        onConfirm={async () => {
          if (!sending) return;
          try {
            await send.mutateAsync(sending.id);
            toast.success(OFFICIAL_MESSAGE_MESSAGES.sent);
          } catch (error) {
            failureToast(OFFICIAL_MESSAGE_MESSAGES.sendFailed, error);
          }
        }}
      />
      <DeleteRowDialog
        row={deleting}
        title="Delete message"
        messages={OFFICIAL_MESSAGE_MESSAGES}
        remove={remove.mutateAsync}
        onClose={() => setDeleting(null)}
        returnFocus={createButton}
      />
    </div>
  );
}
