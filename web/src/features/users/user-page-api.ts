import { coinsEndpoints } from '@switchboard/contract/coins';
import { type SuspendUserRequest, userProfileEndpoints } from '@switchboard/contract/user-profile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, downloadEndpoint } from '@/lib/api-client.ts';
import { userKeys } from './api.ts';

const profileKey = (id: string) => [...userKeys.detail(id), 'profile'] as const;
const sectionKey = (id: string, section: string, query: object) =>
  [...userKeys.detail(id), 'section', section, query] as const;

export function useUserProfile(id: string) {
  return useQuery({
    queryKey: profileKey(id),
    queryFn: ({ signal }) => callEndpoint(userProfileEndpoints.profile, { params: { id } }, { signal }),
    select: (response) => response.data,
  });
}

/** The sections the page lists, each one paged list; the name picks the endpoint. */
export const SECTION_ENDPOINTS = {
  calls: userProfileEndpoints.calls,
  reports: userProfileEndpoints.reports,
  follows: userProfileEndpoints.follows,
  locations: userProfileEndpoints.locations,
  securityEvents: userProfileEndpoints.securityEvents,
  notes: userProfileEndpoints.notes,
} as const;
export type SectionName = keyof typeof SECTION_ENDPOINTS;

export function useUserSection<S extends SectionName>(
  id: string,
  section: S,
  query: { cursor?: string; side?: 'filed' | 'against'; direction?: 'followers' | 'following' },
) {
  return useQuery({
    queryKey: sectionKey(id, section, query),
    queryFn: async ({ signal }) => {
      const endpoint = SECTION_ENDPOINTS[section] as typeof userProfileEndpoints.reports;
      const response = await callEndpoint(
        endpoint,
        { params: { id }, query: query as Parameters<typeof callEndpoint<typeof endpoint>>[1]['query'] },
        { signal },
      );
      return response.data as unknown as {
        items: SectionItems[S][];
        next_cursor: string | null;
      };
    },
  });
}

type Item<E> = E extends { response: { _zod: { output: { data: { items: (infer R)[] } } } } } ? R : never;
type SectionItems = { [S in SectionName]: Item<(typeof SECTION_ENDPOINTS)[S]> };

export function useUserLedger(id: string, cursor: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: sectionKey(id, 'ledger', { cursor }),
    queryFn: ({ signal }) =>
      callEndpoint(coinsEndpoints.userLedger, { params: { id }, query: { limit: 10, cursor } }, { signal }),
    select: (response) => response.data,
    enabled,
  });
}

export function useUserSessions(id: string) {
  return useQuery({
    queryKey: [...userKeys.detail(id), 'devices'],
    queryFn: ({ signal }) => callEndpoint(userProfileEndpoints.sessions, { params: { id } }, { signal }),
    select: (response) => response.data.sessions,
  });
}

/** Every change on the page can move the user between lists and filters: refetch all user queries. */
function useUserMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export const useSuspendUser = (id: string) =>
  useUserMutation((body: SuspendUserRequest) =>
    callEndpoint(userProfileEndpoints.suspend, { params: { id }, body }),
  );
export const useReactivateUser = () =>
  useUserMutation((id: string) => callEndpoint(userProfileEndpoints.reactivate, { params: { id } }));
export const useRestoreUser = () =>
  useUserMutation((id: string) => callEndpoint(userProfileEndpoints.restore, { params: { id } }));
export const useResetSessions = (id: string) =>
  useUserMutation(() => callEndpoint(userProfileEndpoints.resetSessions, { params: { id } }));
export const useUnlockSignIn = (id: string) =>
  useUserMutation(() => callEndpoint(userProfileEndpoints.unlockSignIn, { params: { id } }));
export const useEndUserSession = (id: string) =>
  useUserMutation((sessionId: string) =>
    callEndpoint(userProfileEndpoints.endSession, { params: { id, sessionId } }),
  );
export const useAddNote = (id: string) =>
  useUserMutation((body: string) =>
    callEndpoint(userProfileEndpoints.addNote, { params: { id }, body: { body } }),
  );
export const useAdjustCoins = (id: string) =>
  useUserMutation((input: { amount: number; description: string }) =>
    callEndpoint(coinsEndpoints.add, { body: { user_id: id, ...input } }),
  );
export const exportUser = (id: string) => downloadEndpoint(userProfileEndpoints.export, { params: { id } });
