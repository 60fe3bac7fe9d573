import { sessionEndpoints } from '@switchboard/contract/sessions';
import { twoFactorEndpoints } from '@switchboard/contract/two-factor';
import { type BulkUserAction, type ListUsersQuery, usersEndpoints } from '@switchboard/contract/users';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';

export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (params: ListUsersQuery) => [...userKeys.lists(), params] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  detail: (id: string) => [...userKeys.details(), id] as const,
};

export function useUsers(params: ListUsersQuery) {
  return useQuery({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => callEndpoint(usersEndpoints.list, { query: params }, { signal }),
    select: (response) => response.data,
    // Keeps the previous page on screen while the next one loads, so paging does not flash a skeleton.
    placeholderData: keepPreviousData,
  });
}

export function useUser(id: string | null) {
  return useQuery({
    queryKey: userKeys.detail(id ?? ''),
    queryFn: ({ signal }) => callEndpoint(usersEndpoints.get, { params: { id: id ?? '' } }, { signal }),
    select: (response) => response.data,
    enabled: id !== null,
  });
}

/** Any change to a user can move rows between pages and filters, so every mutation refetches all user queries. */
export function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: userKeys.all });
}

export function useSetAdmin() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    /** `roleId`: the role a promoted admin holds (make admin only). */
    mutationFn: ({ id, isAdmin, roleId }: { id: string; isAdmin: boolean; roleId?: string }) =>
      callEndpoint(usersEndpoints.setAdmin, {
        params: { id },
        body: { is_admin: isAdmin, ...(isAdmin && roleId ? { role_id: roleId } : {}) },
      }),
    onSettled: invalidate,
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(usersEndpoints.delete, { params: { id } }),
    onSettled: invalidate,
  });
}

export function useBulkUserAction() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: BulkUserAction) => callEndpoint(usersEndpoints.bulk, { body }),
    onSettled: invalidate,
  });
}

export function useAdminSessions(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...userKeys.detail(id), 'sessions'],
    queryFn: ({ signal }) => callEndpoint(sessionEndpoints.ofAdmin, { params: { id } }, { signal }),
    select: (response) => response.data.sessions,
    enabled,
  });
}

export function useEndAdminSession(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      callEndpoint(sessionEndpoints.endOfAdmin, { params: { id, sessionId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...userKeys.detail(id), 'sessions'] }),
  });
}

export function useResetTwoFactor() {
  return useMutation({
    mutationFn: (id: string) => callEndpoint(twoFactorEndpoints.reset, { params: { id } }),
  });
}
