import { type WebhookEndpointInput, webhookEndpoints } from '@switchboard/contract/webhooks';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';

export const webhookKeys = {
  all: ['webhooks'] as const,
  deliveries: (id: string, status: string) => [...webhookKeys.all, 'deliveries', id, status] as const,
};

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: webhookKeys.all,
    queryFn: ({ signal }) => callEndpoint(webhookEndpoints.list, {}, { signal }),
    select: (response) => response.data,
    // Pending and dead counts move while deliveries go out.
    refetchInterval: 10_000,
  });
}

/** One endpoint's delivery log, newest first, a page of 25 at a time (cursor-paged). */
export function useWebhookDeliveries(id: string, status: 'all' | 'pending' | 'delivered' | 'dead') {
  return useInfiniteQuery({
    queryKey: webhookKeys.deliveries(id, status),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ signal, pageParam }) =>
      callEndpoint(
        webhookEndpoints.deliveries,
        {
          params: { id },
          query: {
            limit: 25,
            ...(status === 'all' ? {} : { status }),
            ...(pageParam ? { cursor: pageParam } : {}),
          },
        },
        { signal },
      ),
    getNextPageParam: (last) => last.data.next_cursor ?? undefined,
  });
}

function useWebhookMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export const useCreateWebhook = () =>
  useWebhookMutation((body: WebhookEndpointInput) => callEndpoint(webhookEndpoints.create, { body }));

export const useUpdateWebhook = () =>
  useWebhookMutation(({ id, body }: { id: string; body: Partial<WebhookEndpointInput> }) =>
    callEndpoint(webhookEndpoints.update, { params: { id }, body }),
  );

export const useDeleteWebhook = () =>
  useWebhookMutation((id: string) => callEndpoint(webhookEndpoints.delete, { params: { id } }));

export const useRotateWebhookSecret = () =>
  useWebhookMutation((id: string) => callEndpoint(webhookEndpoints.rotateSecret, { params: { id } }));

export const useSendTestEvent = () =>
  useWebhookMutation((id: string) => callEndpoint(webhookEndpoints.sendTest, { params: { id } }));

export const useReplayDelivery = () =>
  useWebhookMutation(({ id, deliveryId }: { id: string; deliveryId: number }) =>
    callEndpoint(webhookEndpoints.replayDelivery, { params: { id, delivery_id: deliveryId } }),
  );

export const useReplayFailures = () =>
  useWebhookMutation(({ id, since }: { id: string; since: string }) =>
    callEndpoint(webhookEndpoints.replayFailures, { params: { id }, body: { since } }),
  );
