import { sessionEndpoints } from '@switchboard/contract/sessions';
import { twoFactorEndpoints } from '@switchboard/contract/two-factor';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';

export const accountKeys = {
  twoFactor: ['account', 'two-factor'] as const,
  sessions: ['account', 'sessions'] as const,
};

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: accountKeys.twoFactor,
    queryFn: ({ signal }) => callEndpoint(twoFactorEndpoints.status, {}, { signal }),
    select: (response) => response.data,
  });
}

function useInvalidate(key: readonly string[]) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: key });
}

export function useStartTotp() {
  return useMutation({
    mutationFn: () => callEndpoint(twoFactorEndpoints.start, {}).then((r) => r.data),
  });
}

export function useConfirmTotp() {
  const invalidate = useInvalidate(accountKeys.twoFactor);
  return useMutation({
    mutationFn: (code: string) =>
      callEndpoint(twoFactorEndpoints.confirm, { body: { code } }).then((r) => r.data.recovery_codes),
    onSuccess: invalidate,
  });
}

export function useRegenerateRecoveryCodes() {
  const invalidate = useInvalidate(accountKeys.twoFactor);
  return useMutation({
    mutationFn: (password: string) =>
      callEndpoint(twoFactorEndpoints.regenerateCodes, { body: { password } }).then(
        (r) => r.data.recovery_codes,
      ),
    onSuccess: invalidate,
  });
}

export function useDisableTwoFactor() {
  const invalidate = useInvalidate(accountKeys.twoFactor);
  return useMutation({
    mutationFn: (password: string) => callEndpoint(twoFactorEndpoints.disable, { body: { password } }),
    onSuccess: invalidate,
  });
}

export function useSessions() {
  return useQuery({
    queryKey: accountKeys.sessions,
    queryFn: ({ signal }) => callEndpoint(sessionEndpoints.mine, {}, { signal }),
    select: (response) => response.data.sessions,
  });
}

export function useEndSession() {
  const invalidate = useInvalidate(accountKeys.sessions);
  return useMutation({
    mutationFn: (sessionId: string) => callEndpoint(sessionEndpoints.endMine, { params: { sessionId } }),
    onSettled: invalidate,
  });
}

export function useEndOtherSessions() {
  const invalidate = useInvalidate(accountKeys.sessions);
  return useMutation({
    mutationFn: () => callEndpoint(sessionEndpoints.endOthers, {}),
    onSettled: invalidate,
  });
}
