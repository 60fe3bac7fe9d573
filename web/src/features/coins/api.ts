import { type CoinPackageInput, coinPackageEndpoints } from '@switchboard/contract/coin-packages';
import {
  type AddCoinsRequest,
  coinsEndpoints,
  IDEMPOTENCY_KEY_HEADER,
  type ListCoinsQuery,
} from '@switchboard/contract/coins';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';

export type CoinsListParams = Pick<ListCoinsQuery, 'page' | 'search' | 'type' | 'user'>;

export const coinKeys = {
  all: ['coins'] as const,
  list: (params: CoinsListParams) => [...coinKeys.all, 'list', params] as const,
};
/** The users list's key prefix: the Users screen's rows show balances, so an add refetches them too. */
const USERS_KEY = ['users'] as const;

export function useCoins(params: CoinsListParams) {
  return useQuery({
    queryKey: coinKeys.list(params),
    queryFn: ({ signal }) => callEndpoint(coinsEndpoints.list, { query: params }, { signal }),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
  });
}

function useInvalidateCoinsAndUsers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: coinKeys.all }),
      queryClient.invalidateQueries({ queryKey: USERS_KEY }),
    ]);
}

/** One key per dialog submission: a retried request (a timeout, a double click) adds once. */
export function useAddCoins() {
  const invalidate = useInvalidateCoinsAndUsers();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: AddCoinsRequest; idempotencyKey: string }) =>
      callEndpoint(coinsEndpoints.add, { body }, { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }),
    onSuccess: invalidate,
  });
}

export function useReverseTransaction() {
  const invalidate = useInvalidateCoinsAndUsers();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(coinsEndpoints.reverse, { params: { id } }),
    onSettled: invalidate,
  });
}

export const packageKeys = { all: ['coin-packages'] as const };

/** Every coin package, on sale or withdrawn, for the packages card. */
export function useCoinPackages() {
  return useQuery({
    queryKey: packageKeys.all,
    queryFn: ({ signal }) => callEndpoint(coinPackageEndpoints.adminList, {}, { signal }),
    select: (response) => response.data.packages,
  });
}

/** Adds a package (no id) or replaces one's fields. */
export function useSavePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CoinPackageInput }) =>
      id === null
        ? callEndpoint(coinPackageEndpoints.create, { body })
        : callEndpoint(coinPackageEndpoints.update, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: packageKeys.all }),
  });
}
