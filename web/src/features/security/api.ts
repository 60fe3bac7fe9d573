import {
  type BlockIpRequest,
  type ListSecurityEventsQuery,
  SECURITY_PAGE_SIZE,
  type SecurityPolicies,
  securityEndpoints,
} from '@switchboard/contract/security';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { usePageCursors } from '@/lib/use-page-cursors.ts';
import type { EventFilters } from './security-url-state.ts';

export const securityKeys = {
  all: ['security'] as const,
  stats: () => [...securityKeys.all, 'stats'] as const,
  events: (params: Pick<ListSecurityEventsQuery, 'page'> & EventFilters) =>
    [...securityKeys.all, 'events', params] as const,
  blocked: (page: number) => [...securityKeys.all, 'blocked', page] as const,
  policies: () => [...securityKeys.all, 'policies'] as const,
};

export function useSecurityStats() {
  return useQuery({
    queryKey: securityKeys.stats(),
    queryFn: ({ signal }) => callEndpoint(securityEndpoints.stats, {}, { signal }),
    select: (r) => r.data,
  });
}

/** A page of events under the screen's filters ('all' is no filter). */
export function useSecurityEvents(params: Pick<ListSecurityEventsQuery, 'page'> & EventFilters) {
  const { page, ...filters } = params;
  const cursors = usePageCursors(filters);
  return useQuery({
    queryKey: securityKeys.events(params),
    queryFn: async ({ signal }) => {
      const query = {
        page,
        status: filters.status,
        severity: filters.severity === 'all' ? undefined : filters.severity,
        type: filters.type === 'all' ? undefined : filters.type,
        ip: filters.ip,
        start: filters.start,
        end: filters.end,
        per_page: SECURITY_PAGE_SIZE,
        cursor: cursors.cursorFor(page),
      };
      const response = await callEndpoint(securityEndpoints.events, { query }, { signal });
      cursors.remember(page, response.data.next_cursor);
      return response;
    },
    select: (r) => r.data,
    placeholderData: keepPreviousData,
  });
}

export function useBlockedIps(page: number) {
  return useQuery({
    queryKey: securityKeys.blocked(page),
    queryFn: ({ signal }) =>
      callEndpoint(
        securityEndpoints.blockedIps,
        { query: { page, per_page: SECURITY_PAGE_SIZE } },
        { signal },
      ),
    select: (r) => r.data,
    placeholderData: keepPreviousData,
  });
}

export function useSecurityPolicies(enabled: boolean) {
  return useQuery({
    queryKey: securityKeys.policies(),
    queryFn: ({ signal }) => callEndpoint(securityEndpoints.policies, {}, { signal }),
    select: (r) => r.data,
    enabled,
  });
}

function useInvalidateSecurity() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: securityKeys.all });
}

/** The Undo after a resolve: the event active again, on the server. */
export function useReopenEvent() {
  const invalidate = useInvalidateSecurity();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(securityEndpoints.reopen, { params: { id } }),
    onSettled: invalidate,
  });
}

export function useResolveEvent() {
  const invalidate = useInvalidateSecurity();
  return useMutation({
    mutationFn: (id: number) =>
      callEndpoint(securityEndpoints.resolve, { params: { id }, body: { resolved: true } }),
    onSettled: invalidate,
  });
}

export function useBlockIp() {
  const invalidate = useInvalidateSecurity();
  return useMutation({
    mutationFn: (body: BlockIpRequest) => callEndpoint(securityEndpoints.block, { body }),
    onSettled: invalidate,
  });
}

export function useUnblockIp() {
  const invalidate = useInvalidateSecurity();
  return useMutation({
    mutationFn: (ip: string) => callEndpoint(securityEndpoints.unblock, { params: { ip } }),
    onSettled: invalidate,
  });
}

export function useSavePolicies() {
  const invalidate = useInvalidateSecurity();
  return useMutation({
    mutationFn: (body: Partial<SecurityPolicies>) => callEndpoint(securityEndpoints.savePolicies, { body }),
    onSettled: invalidate,
  });
}
