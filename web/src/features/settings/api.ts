import { AUDIT_LOG_PAGE_SIZE, auditLogEndpoints } from '@switchboard/contract/audit-log';
import { rootAdminEndpoints } from '@switchboard/contract/root-admin';
import { type Settings, settingsEndpoints } from '@switchboard/contract/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';

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

/** The Security Logs tab: the latest audit-log entries (GET /admin/security-logs, first page). */
export function useSecurityLogs() {
  return useQuery({
    queryKey: ['security-logs', 'settings-tab'],
    queryFn: ({ signal }) =>
      callEndpoint(auditLogEndpoints.list, { query: { per_page: AUDIT_LOG_PAGE_SIZE } }, { signal }),
    select: (response) => response.data.logs,
    retry: false,
  });
}
