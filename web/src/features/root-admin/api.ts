import type { SuccessMessage } from '@switchboard/contract/common';
import type { RootAdminRegistration, RootAdminStatus } from '@switchboard/contract/root-admin';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

export const rootAdminKeys = {
  status: ['root-admin', 'status'] as const,
};

/** Public endpoint; a failure means "registration disabled" (spec §8), so no retries. */
export function useRootAdminStatus() {
  return useQuery({
    queryKey: rootAdminKeys.status,
    queryFn: ({ signal }) =>
      apiRequest<RootAdminStatus>('/admin_root_admin/status', { signal, keepSessionOn401: true }),
    retry: false,
    staleTime: 0,
  });
}

export function useRegisterRootAdmin() {
  return useMutation({
    mutationFn: (body: RootAdminRegistration) =>
      apiRequest<SuccessMessage>('/admin_root_admin/register', {
        method: 'POST',
        body,
        keepSessionOn401: true,
      }),
  });
}
