import type { SuccessMessage } from '@switchboard/contract/common';
import {
  type AdminUserRow,
  type BulkUserAction,
  type BulkUserActionResponse,
  type CreateUserRequest,
  type ListUsersResponse,
  USERS_PAGE_SIZE,
  type UserStatusFilter,
} from '@switchboard/contract/users';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

export interface UsersListParams {
  page: number;
  search: string;
  status: UserStatusFilter;
}

export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (params: UsersListParams) => [...userKeys.lists(), params] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  detail: (id: string) => [...userKeys.details(), id] as const,
};

export function useUsers(params: UsersListParams) {
  return useQuery({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) =>
      apiRequest<ListUsersResponse>('/admin/public/users', {
        query: { page: params.page, limit: USERS_PAGE_SIZE, search: params.search, status: params.status },
        signal,
      }),
    select: (response) => response.data,
    // Keeps the previous page on screen while the next one loads, so paging does not flash a skeleton.
    placeholderData: keepPreviousData,
  });
}

export function useUser(id: string | null) {
  return useQuery({
    queryKey: userKeys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<{ success: true; data: AdminUserRow }>(`/admin/users/${encodeURIComponent(id ?? '')}`, {
        signal,
      }),
    select: (response) => response.data,
    enabled: id !== null,
  });
}

/** Any change to a user can move rows between pages and filters, so every mutation refetches all user queries. */
function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: userKeys.all });
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: CreateUserRequest) =>
      apiRequest<{ success: true; data: AdminUserRow }>('/admin/users', { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useSetAdmin() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, isAdmin }: { id: string; isAdmin: boolean }) =>
      apiRequest<{ success: true; data: AdminUserRow }>(`/admin/users/${encodeURIComponent(id)}/admin`, {
        method: 'PATCH',
        body: { is_admin: isAdmin },
      }),
    onSettled: invalidate,
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<SuccessMessage>(`/admin/users/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: invalidate,
  });
}

export function useBulkUserAction() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: BulkUserAction) =>
      apiRequest<BulkUserActionResponse>('/admin/users/bulk', { method: 'POST', body }),
    onSettled: invalidate,
  });
}
