import { type EndpointResponse, fillPath } from '@switchboard/contract/endpoint';
import { officialMessagesEndpoints } from '@switchboard/contract/official-messages';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, callEndpoint } from '@/lib/api-client.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

export const messageKeys = {
  all: ['official-messages'] as const,
  list: () => [...messageKeys.all, 'list'] as const,
  stats: (id: number) => [...messageKeys.all, 'stats', id] as const,
};

export function useOfficialMessages() {
  return useQuery({
    queryKey: messageKeys.list(),
    queryFn: ({ signal }) => callEndpoint(officialMessagesEndpoints.list, {}, { signal }),
    select: (response) => response.data,
  });
}

export function useMessageStats(id: number | null) {
  return useQuery({
    queryKey: messageKeys.stats(id ?? 0),
    queryFn: ({ signal }) =>
      callEndpoint(officialMessagesEndpoints.stats, { params: { id: id ?? 0 } }, { signal }),
    select: (response) => response.data,
    enabled: id !== null,
  });
}

const useMessageMutation = <T, R>(mutationFn: (input: T) => Promise<R>) =>
  useInvalidatingMutation(messageKeys.all, mutationFn);

type Saved = EndpointResponse<typeof officialMessagesEndpoints.create>;

/** Create and update are multipart: the string fields and an optional `image` file. */
export const useSaveMessage = () =>
  useMessageMutation(({ id, form }: { id: number | null; form: FormData }) => {
    const endpoint = id === null ? officialMessagesEndpoints.create : officialMessagesEndpoints.update;
    return apiRequest<Saved>(fillPath(endpoint.path, id === null ? {} : { id }), {
      method: endpoint.method,
      body: form,
    });
  });

export const useSendMessage = () =>
  useMessageMutation((id: number) => callEndpoint(officialMessagesEndpoints.send, { params: { id } }));

export const useDeleteMessage = () =>
  useMessageMutation((id: number) => callEndpoint(officialMessagesEndpoints.delete, { params: { id } }));
