import { type FactoryResetRequest, factoryResetEndpoints } from '@switchboard/contract/factory-reset';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';

/** Root only on the server: any other caller's 401 or 403 means the page shows it is unavailable. */
export function useFactoryResetStatus(enabled: boolean) {
  return useQuery({
    queryKey: ['factory-reset', 'status'],
    queryFn: ({ signal }) =>
      callEndpoint(factoryResetEndpoints.status, {}, { signal, keepSessionOn401: true }),
    enabled,
    retry: false,
  });
}

export function useFactoryResetPreview(enabled: boolean) {
  return useQuery({
    queryKey: ['factory-reset', 'preview'],
    queryFn: ({ signal }) => callEndpoint(factoryResetEndpoints.preview, {}, { signal }),
    enabled,
    retry: false,
  });
}

export function useExecuteFactoryReset() {
  return useMutation({
    mutationFn: (body: FactoryResetRequest) => callEndpoint(factoryResetEndpoints.execute, { body }),
  });
}
