import type { WebhookEndpoint } from '@switchboard/contract/webhooks';
import type { ColumnDef } from '@tanstack/react-table';
import { KeyRoundIcon, ListIcon, PencilIcon, PlusIcon, SendIcon, Trash2Icon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { DataTable } from '@/components/data-table.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { IconButton } from '@/components/icon-button.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import {
  useDeleteWebhook,
  useRotateWebhookSecret,
  useSendTestEvent,
  useUpdateWebhook,
  useWebhookEndpoints,
} from './api.ts';
import { DeliveryLogDialog } from './components/delivery-log-dialog.tsx';
import { type EndpointDraft, EndpointEditorDialog } from './components/endpoint-editor-dialog.tsx';
import { SecretDialog } from './components/secret-dialog.tsx';

export const DELETE_WEBHOOK_CONFIRMATION =
  'Delete this endpoint? Its deliveries still waiting are dropped, and its delivery log goes with it.';
export const ROTATE_SECRET_CONFIRMATION =
  'Rotate the signing secret? Deliveries are signed with the new one at once: your receiver must switch to it.';

function health(endpoint: WebhookEndpoint): {
  label: string;
  variant: 'success' | 'warning' | 'destructive' | 'secondary';
} {
  if (!endpoint.enabled) return { label: endpoint.disabled_reason ?? 'Off', variant: 'secondary' };
  if (endpoint.circuit_open_until && new Date(endpoint.circuit_open_until) > new Date())
    return { label: 'Paused: receiver failing', variant: 'destructive' };
  if (endpoint.consecutive_failures > 0)
    return { label: `${endpoint.consecutive_failures} failures in a row`, variant: 'warning' };
  return { label: 'Healthy', variant: 'success' };
}

/** Webhooks: where Switchboard sends its events, each endpoint's health and delivery log. */
export function WebhooksPage() {
  const endpoints = useWebhookEndpoints();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const sendTest = useSendTestEvent();
  const [draft, setDraft] = useState<EndpointDraft | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [viewing, setViewing] = useState<WebhookEndpoint | null>(null);

  const columns = useMemo<ColumnDef<WebhookEndpoint>[]>(
    () => [
      {
        header: 'Endpoint',
        cell: ({ row }) => (
          <div className="flex max-w-md flex-col">
            <span className="break-all font-medium">{row.original.url}</span>
            <span className="text-xs text-muted-foreground">{row.original.description}</span>
          </div>
        ),
      },
      {
        header: 'Events',
        cell: ({ row }) => (
          <span title={row.original.events.join(', ')}>
            {row.original.events.length} {row.original.events.length === 1 ? 'event' : 'events'}
            {row.original.format === 'standard' ? '' : ` · ${row.original.format}`}
          </span>
        ),
      },
      {
        header: 'Status',
        cell: ({ row }) => {
          const { label, variant } = health(row.original);
          return <Badge variant={variant}>{label}</Badge>;
        },
      },
      {
        header: 'Waiting / failed',
        cell: ({ row }) => `${row.original.pending_deliveries} / ${row.original.dead_deliveries}`,
      },
      {
        header: 'On',
        cell: ({ row }) => (
          <Checkbox
            aria-label={`Send events to ${row.original.url}`}
            checked={row.original.enabled}
            disabled={update.isPending}
            onCheckedChange={(on) =>
              update
                .mutateAsync({ id: row.original.id, body: { enabled: on === true } })
                .then((result) => toast.success(result.message))
                .catch((error) => toast.error(errorMessage(error, 'Failed to update the endpoint')))
            }
          />
        ),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row }) => {
          const endpoint = row.original;
          return (
            <div className="flex justify-end gap-1">
              <IconButton
                icon={ListIcon}
                label={`Delivery log of ${endpoint.url}`}
                title="Delivery log"
                onClick={() => setViewing(endpoint)}
              />
              <IconButton
                icon={SendIcon}
                label={`Send a test event to ${endpoint.url}`}
                title="Send test event"
                disabled={sendTest.isPending}
                onClick={() =>
                  sendTest
                    .mutateAsync(endpoint.id)
                    .then((result) => toast.success(result.message))
                    .catch((error) => toast.error(errorMessage(error, 'Failed to queue the test event')))
                }
              />
              <IconButton
                icon={PencilIcon}
                label={`Edit ${endpoint.url}`}
                title="Edit"
                onClick={() => setDraft({ mode: 'edit', endpoint })}
              />
              <IconButton
                icon={KeyRoundIcon}
                label={`Rotate the secret of ${endpoint.url}`}
                title="Rotate secret"
                onClick={() => setRotating(endpoint)}
              />
              <IconButton
                icon={Trash2Icon}
                className="text-destructive hover:text-destructive"
                label={`Delete ${endpoint.url}`}
                title="Delete"
                onClick={() => setDeleting(endpoint)}
              />
            </div>
          );
        },
      },
    ],
    [update, sendTest],
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Webhooks"
        description="Events sent to your own systems as they happen: signed (Standard Webhooks), retried for 24 hours, in order for each call."
        actions={
          <Button onClick={() => setDraft({ mode: 'create' })}>
            <PlusIcon aria-hidden="true" />
            New Endpoint
          </Button>
        }
      />
      <DataTable
        label="Webhook endpoints"
        columns={columns}
        rows={endpoints.data?.endpoints}
        getRowId={(endpoint) => endpoint.id}
        error={
          endpoints.isError
            ? {
                title: 'Could not load webhook endpoints',
                message: errorMessage(endpoints.error, 'Failed to fetch webhook endpoints'),
                onRetry: () => void endpoints.refetch(),
              }
            : null
        }
        empty={
          <EmptyState
            title="No webhook endpoints"
            description="Add one to send calls, users, coins, reports, alerts and security events to your systems."
          />
        }
      />
      <EndpointEditorDialog
        draft={draft}
        onClose={() => setDraft(null)}
        onCreated={(_endpoint, created) => setSecret(created)}
      />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
      <DeliveryLogDialog endpoint={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        open={rotating !== null}
        title="Rotate secret"
        description={ROTATE_SECRET_CONFIRMATION}
        {...(rotating ? { detail: rotating.url } : {})}
        confirmLabel="Rotate"
        onOpenChange={(open) => !open && setRotating(null)}
        onCloseAutoFocus={() => undefined}
        onConfirm={async () => {
          if (!rotating) return;
          try {
            const result = await rotate.mutateAsync(rotating.id);
            toast.success(result.message);
            setRotating(null);
            setSecret(result.data.secret);
          } catch (error) {
            toast.error(errorMessage(error, 'Failed to rotate the secret'));
          }
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete endpoint"
        description={DELETE_WEBHOOK_CONFIRMATION}
        {...(deleting ? { detail: deleting.url } : {})}
        onOpenChange={(open) => !open && setDeleting(null)}
        onCloseAutoFocus={() => undefined}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            const result = await remove.mutateAsync(deleting.id);
            toast.success(result.message);
            setDeleting(null);
          } catch (error) {
            toast.error(errorMessage(error, 'Failed to delete the endpoint'));
          }
        }}
      />
    </div>
  );
}
