import { type RootAdminRegistration, rootAdminEndpoints } from '@switchboard/contract/root-admin';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';

export const rootAdminKeys = {
  status: ['root-admin', 'status'] as const,
};

/** Public endpoint; a failure reads as "registration disabled", so no retries. */
export function useRootAdminStatus({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: rootAdminKeys.status,
    enabled,
    queryFn: ({ signal }) => callEndpoint(rootAdminEndpoints.status, {}, { signal, keepSessionOn401: true }),
    retry: false,
    staleTime: 0,
  });
}

export function useRegisterRootAdmin() {
  return useMutation({
    mutationFn: (body: RootAdminRegistration) =>
      callEndpoint(rootAdminEndpoints.register, { body }, { keepSessionOn401: true }),
  });
}
