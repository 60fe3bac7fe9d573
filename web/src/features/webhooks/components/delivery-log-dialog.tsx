import type { WebhookDelivery, WebhookEndpoint } from '@switchboard/contract/webhooks';
import { RotateCcwIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { ErrorPanel } from '@/components/error-panel.tsx';
import { FormField } from '@/components/form-field.tsx';
import { ModalDialog } from '@/components/modal-dialog.tsx';
import { OptionSelect } from '@/components/option-select.tsx';
import { Time } from '@/components/time.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { useReplayDelivery, useReplayFailures, useWebhookDeliveries } from '../api.ts';
import { DeliveryStatusBadge } from './delivery-status-badge.tsx';

const FILTERS = ['all', 'pending', 'delivered', 'dead'] as const;
type Filter = (typeof FILTERS)[number];
const FILTER_LABELS: Record<Filter, string> = {
  all: 'All',
  pending: 'Pending',
  delivered: 'Delivered',
  dead: 'Failed (dead letter)',
};

/** Local date-time for an <input type="datetime-local">, an hour ago by default. */
const hourAgo = () => {
  const d = new Date(Date.now() - 3_600_000 - new Date().getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};

export function DeliveryLogDialog({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpoint | null;
  onClose(): void;
}) {
  return (
    <ModalDialog
      className="max-h-[90vh] overflow-y-auto sm:max-w-3xl"
      open={endpoint !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delivery log"
      description={endpoint?.url}
    >
      {endpoint ? <DeliveryLog endpoint={endpoint} /> : null}
    </ModalDialog>
  );
}

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [filter, setFilter] = useState<Filter>('all');
  const [since, setSince] = useState(hourAgo);
  const [confirmingReplay, setConfirmingReplay] = useState(false);
  const log = useWebhookDeliveries(endpoint.id, filter);
  const replay = useReplayDelivery();
  const replayFailures = useReplayFailures();
  const deliveries = log.data?.pages.flatMap((page) => page.data.deliveries) ?? [];

  const replayOne = async (delivery: WebhookDelivery) => {
    try {
      const result = await replay.mutateAsync({ id: endpoint.id, deliveryId: delivery.id });
      toast.success(result.message);
      await log.refetch();
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to replay the delivery'));
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <OptionSelect<Filter>
          label="Status"
          value={filter}
          options={FILTERS}
          labels={FILTER_LABELS}
          onChange={setFilter}
          className="w-48"
        />
        <FormField id="replay-since" label="Failed since" className="w-56">
          <Input
            id="replay-since"
            type="datetime-local"
            value={since}
            onChange={(e) => setSince(e.target.value)}
          />
        </FormField>
        <Button variant="outline" disabled={!since} onClick={() => setConfirmingReplay(true)}>
          <RotateCcwIcon aria-hidden="true" />
          Replay failures
        </Button>
      </div>
      {log.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label="Loading deliveries" />
        </div>
      ) : log.isError ? (
        <ErrorPanel
          title="Could not load deliveries"
          message={errorMessage(log.error, 'Failed to fetch deliveries')}
          onRetry={() => void log.refetch()}
        />
      ) : deliveries.length === 0 ? (
        <EmptyState
          title="No deliveries"
          description="Events this endpoint subscribes to show here as they are sent."
        />
      ) : (
        <ul className="flex flex-col divide-y rounded-md border" aria-label="Deliveries">
          {deliveries.map((delivery) => (
            <DeliveryItem
              key={delivery.id}
              delivery={delivery}
              replaying={replay.isPending}
              onReplay={() => void replayOne(delivery)}
            />
          ))}
        </ul>
      )}
      {log.hasNextPage ? (
        <Button
          variant="outline"
          className="self-center"
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          {log.isFetchingNextPage ? 'Loading...' : 'Load older deliveries'}
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirmingReplay}
        title="Replay failures"
        description="Send every failed delivery of this endpoint since this time again?"
        detail={since ? new Date(since).toLocaleString() : ''}
        variant="default"
        confirmLabel="Replay"
        pendingLabel="Queuing..."
        onOpenChange={setConfirmingReplay}
        onCloseAutoFocus={() => undefined}
        onConfirm={async () => {
          try {
            const result = await replayFailures.mutateAsync({
              id: endpoint.id,
              since: new Date(since).toISOString(),
            });
            toast.success(result.message);
            setConfirmingReplay(false);
            await log.refetch();
          } catch (error) {
            toast.error(errorMessage(error, 'Failed to replay failures'));
          }
        }}
      />
    </div>
  );
}

function DeliveryItem({
  delivery,
  replaying,
  onReplay,
}: {
  delivery: WebhookDelivery;
  replaying: boolean;
  onReplay(): void;
}) {
  const last = delivery.history[delivery.history.length - 1];
  return (
    <li className="flex flex-col gap-2 p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-xs">{delivery.event_type}</span>
        <DeliveryStatusBadge status={delivery.status} />
        <span className="text-muted-foreground">
          {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'}
        </span>
        <span className="text-muted-foreground">
          <Time value={delivery.created_at} />
        </span>
        {delivery.status === 'pending' && delivery.next_attempt_at ? (
          <span className="text-muted-foreground">
            next try <Time value={delivery.next_attempt_at} exact />
          </span>
        ) : null}
        {delivery.status === 'delivered' || delivery.status === 'dead' ? (
          <Button size="sm" variant="ghost" className="ml-auto" disabled={replaying} onClick={onReplay}>
            <RotateCcwIcon aria-hidden="true" />
            Replay
          </Button>
        ) : null}
      </div>
      <span className="font-mono text-xs text-muted-foreground" data-shows-id>
        webhook-id {delivery.message_id}
      </span>
      {last ? (
        <details>
          <summary className="cursor-pointer text-xs text-muted-foreground">
            Last answer: {last.status_code ?? 'none'} in {last.latency_ms} ms
          </summary>
          <table className="mt-2 w-full text-xs">
            <caption className="sr-only">Attempts</caption>
            <thead>
              <tr className="text-left text-muted-foreground">
                <th scope="col">When</th>
                <th scope="col">Status</th>
                <th scope="col">Time</th>
                <th scope="col">Answer</th>
              </tr>
            </thead>
            <tbody>
              {delivery.history.map((attempt) => (
                <tr key={attempt.at} className="align-top">
                  <td className="pr-2">
                    <Time value={attempt.at} exact />
                  </td>
                  <td className="pr-2">{attempt.status_code ?? '—'}</td>
                  <td className="pr-2">{attempt.latency_ms} ms</td>
                  <td className="break-all font-mono">{attempt.response || '(empty)'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ) : null}
    </li>
  );
}
