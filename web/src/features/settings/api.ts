import { rootAdminEndpoints } from '@switchboard/contract/root-admin';
import { type Settings, settingsEndpoints } from '@switchboard/contract/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, callEndpoint } from '@/lib/api-client.ts';

const settingsKey = ['settings'] as const;

export function useSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => callEndpoint(settingsEndpoints.get, {}, { signal }),
    select: (response) => response.data,
    retry: false,
  });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Settings) => callEndpoint(settingsEndpoints.put, { body }),
    onSuccess: (response) => queryClient.setQueryData(settingsKey, { success: true, data: response.data }),
  });
}

/** Root only on the server: any other admin's request fails and the tab shows the defaults. */
export function useRootAdminSettings() {
  return useQuery({
    queryKey: ['root-admin-settings'],
    queryFn: ({ signal }) => callEndpoint(rootAdminEndpoints.settings, {}, { signal }),
    retry: false,
  });
}

export interface SecurityLogEntry {
  id: string | number;
  action: string;
  actor_username?: string | null;
  target_type?: string | null;
  target_id?: string | null;
  ip_address?: string | null;
  created_at: string;
}

/**
 * The audit log (GET /admin/security-logs belongs to the security module); read loosely here so the
 * tab keeps working whatever extra fields that endpoint adds.
 */
export function useSecurityLogs() {
  return useQuery({
    queryKey: ['security-logs', 'settings-tab'],
    queryFn: ({ signal }) =>
      apiRequest<{ data?: { logs?: SecurityLogEntry[] } | SecurityLogEntry[]; logs?: SecurityLogEntry[] }>(
        '/admin/security-logs',
        { query: { limit: 20 }, signal },
      ),
    select: (body) => (Array.isArray(body.data) ? body.data : (body.data?.logs ?? body.logs ?? [])),
    retry: false,
  });
}
