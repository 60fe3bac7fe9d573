import type { AudiencePreviewRequest } from '@switchboard/contract/notifications';
import { PlusIcon } from 'lucide-react';
import { Fragment, type ReactNode, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { DeleteRowDialog } from '@/components/delete-row-dialog.tsx';
import { ModalDialog } from '@/components/modal-dialog.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { SendConfirmDialog } from '@/components/send-confirm-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { failureToast } from '@/lib/failure-toast.ts';
import { type Needed, useCan } from '@/lib/permissions.ts';
import { useUrlFlag } from '@/lib/use-url-flag.ts';

/** A row of a broadcast list (a notification, an official message): drafts are edited, sent or deleted. */
interface BroadcastRow {
  id: number;
  title: string;
}

/** What a row's draft actions call. */
export interface DraftRowHandlers<Row> {
  onEdit(row: Row): void;
  onSend(row: Row): void;
  onDelete(row: Row): void;
  /** The id whose send is in flight. */
  busyId: number | null;
  /** Whether the admin's role may change these rows; no create button and no draft actions otherwise. */
  writable: boolean;
}

interface SendMutation {
  mutateAsync(id: number): Promise<unknown>;
  isPending: boolean;
  variables: number | undefined;
}

/**
 * The draft workflow of a broadcast list: which row is being edited, sent or deleted, and the handlers a
 * row's actions call. The page builds its columns from `handlers` (memoised: they change only with the
 * send in flight and the admin's rights) and hands the whole to `BroadcastScreen`.
 */
export function useBroadcastDrafts<Row extends BroadcastRow>(send: SendMutation, createEndpoint: Needed) {
  const writable = useCan()(createEndpoint);
  const [dialog, setDialog] = useState<{ open: boolean; editing: Row | null }>({
    open: false,
    editing: null,
  });
  const [deleting, setDeleting] = useState<Row | null>(null);
  // A send reaches many users and cannot be taken back: it asks first, stating how many.
  const [sending, setSending] = useState<Row | null>(null);
  const busyId = send.isPending ? (send.variables ?? null) : null;
  const handlers = useMemo<DraftRowHandlers<Row>>(
    () => ({
      busyId,
      writable,
      onEdit: (row) => setDialog({ open: true, editing: row }),
      onDelete: setDeleting,
      onSend: setSending,
    }),
    [busyId, writable],
  );
  return { send, writable, handlers, dialog, setDialog, deleting, setDeleting, sending, setSending };
}

type BroadcastDrafts<Row extends BroadcastRow> = ReturnType<typeof useBroadcastDrafts<Row>>;

interface BroadcastScreenProps<Row extends BroadcastRow> {
  title: string;
  description: string;
  /** The create button's text; the button and the draft actions are offered only to an admin whose role may create (the server still checks every request). */
  createLabel: string;
  drafts: BroadcastDrafts<Row>;
  /** The screen's messages: the send toasts, the delete question and its toasts. */
  messages: {
    sent: string;
    sendFailed: string;
    deleteConfirm: string;
    deleted: string;
    deleteFailed: string;
  };
  /** Who a row's send reaches, counted by the server for the confirmation ("Send to 1,939 users?"). */
  audienceOf(row: Row): AudiencePreviewRequest;
  /** What a row is, for the confirmation's sentence: "notification", "message". */
  noun: string;
  remove(id: number): Promise<unknown>;
  deleteTitle: string;
  /** The create/edit dialog: its two headings, its description, and the form (it calls `done` to close). */
  editor: {
    titles: { create: string; edit: string };
    description: string;
    form(editing: Row | null, done: () => void): ReactNode;
  };
  /** Under the header: stat cards, filters, and the list (a DataTable whose columns come from `drafts.handlers`). */
  children: ReactNode;
  /** The screen's other dialogs (a details view), after the editor. */
  dialogs?: ReactNode;
}

/**
 * A screen of broadcasts that an admin drafts, then sends: the header with its create button, the page's
 * own content and list, the create/edit dialog, the send confirmation and toasts, and the delete
 * confirmation (Notifications, Official Messaging).
 */
export function BroadcastScreen<Row extends BroadcastRow>(props: BroadcastScreenProps<Row>) {
  const { drafts, messages, editor } = props;
  const { dialog, setDialog, sending, writable } = drafts;
  const createButton = useRef<HTMLButtonElement>(null);
  const close = () => setDialog((d) => ({ ...d, open: false }));
  // `?new=1` (the command palette's "New notification") opens the create dialog on arrival.
  useUrlFlag('new', () => setDialog({ open: true, editing: null }), writable);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={props.title}
        description={props.description}
        actions={
          writable ? (
            <Button ref={createButton} onClick={() => setDialog({ open: true, editing: null })}>
              <PlusIcon aria-hidden="true" />
              {props.createLabel}
            </Button>
          ) : undefined
        }
      />
      {props.children}
      <ModalDialog
        className="max-h-[90vh]"
        open={dialog.open}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        title={dialog.editing ? editor.titles.edit : editor.titles.create}
        description={editor.description}
      >
        {/* Keyed so each opening starts from the defaults or the draft being edited. */}
        <Fragment key={dialog.editing?.id ?? 'new'}>{editor.form(dialog.editing, close)}</Fragment>
      </ModalDialog>
      {props.dialogs}
      <SendConfirmDialog
        audience={sending ? props.audienceOf(sending) : null}
        detail={sending?.title}
        noun={props.noun}
        onClose={() => drafts.setSending(null)}
        onConfirm={async () => {
          if (!sending) return;
          try {
            await drafts.send.mutateAsync(sending.id);
            toast.success(messages.sent);
          } catch (error) {
            failureToast(messages.sendFailed, error);
          }
        }}
      />
      <DeleteRowDialog
        row={drafts.deleting}
        title={props.deleteTitle}
        messages={messages}
        remove={props.remove}
        onClose={() => drafts.setDeleting(null)}
        returnFocus={createButton}
      />
    </div>
  );
}
