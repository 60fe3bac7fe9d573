import {
  type ListNotificationsQuery,
  type NotificationInput,
  notificationsEndpoints,
} from '@switchboard/contract/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (query: ListNotificationsQuery) => [...notificationKeys.all, 'list', query] as const,
  stats: () => [...notificationKeys.all, 'stats'] as const,
};

export function useNotifications(query: ListNotificationsQuery) {
  return useQuery({
    queryKey: notificationKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(notificationsEndpoints.list, { query }, { signal }),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
  });
}

export function useNotificationStats() {
  return useQuery({
    queryKey: notificationKeys.stats(),
    queryFn: ({ signal }) => callEndpoint(notificationsEndpoints.stats, {}, { signal }),
    select: (response) => response.data,
  });
}

/** Every change can move a notification between filters and stat cards, so all notification queries refetch. */
const useNotificationMutation = <T, R>(mutationFn: (input: T) => Promise<R>) =>
  useInvalidatingMutation(notificationKeys.all, mutationFn);

export const useCreateNotification = () =>
  useNotificationMutation((body: NotificationInput) => callEndpoint(notificationsEndpoints.create, { body }));

export const useUpdateNotification = () =>
  useNotificationMutation(({ id, body }: { id: number; body: NotificationInput }) =>
    callEndpoint(notificationsEndpoints.update, { params: { id }, body }),
  );

export const useSendNotification = () =>
  useNotificationMutation((id: number) => callEndpoint(notificationsEndpoints.send, { params: { id } }));

export const useCancelNotification = () =>
  useNotificationMutation((id: number) => callEndpoint(notificationsEndpoints.cancel, { params: { id } }));

export const useDeleteNotification = () =>
  useNotificationMutation((id: number) => callEndpoint(notificationsEndpoints.delete, { params: { id } }));
