import { type ListPurchasesQuery, purchasesEndpoints } from '@switchboard/contract/purchases';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, downloadEndpoint } from '@/lib/api-client.ts';

export type PurchasesListParams = Pick<
  ListPurchasesQuery,
  'page' | 'search' | 'provider' | 'status' | 'start' | 'end'
>;
export type PurchasesFilter = Omit<PurchasesListParams, 'page'>;

const purchaseKeys = {
  all: ['purchases'] as const,
  list: (params: PurchasesListParams) => [...purchaseKeys.all, 'list', params] as const,
  providers: ['purchases', 'providers'] as const,
};
/** Coin Management's key prefix: a reversal changes balances and the ledger too. */
const COINS_KEY = ['coins'] as const;

export function usePurchases(params: PurchasesListParams) {
  return useQuery({
    queryKey: purchaseKeys.list(params),
    queryFn: ({ signal }) => callEndpoint(purchasesEndpoints.list, { query: params }, { signal }),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
  });
}

export function usePaymentProviders() {
  return useQuery({
    queryKey: purchaseKeys.providers,
    queryFn: ({ signal }) => callEndpoint(purchasesEndpoints.providers, {}, { signal }),
    select: (response) => response.data.providers,
  });
}

export function useReversePurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      callEndpoint(purchasesEndpoints.reverse, { params: { id }, body: { reason } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: purchaseKeys.all }),
        queryClient.invalidateQueries({ queryKey: COINS_KEY }),
      ]),
  });
}

export function downloadPurchasesCsv(filter: PurchasesFilter): Promise<void> {
  return downloadEndpoint(purchasesEndpoints.exportCsv, { query: filter });
}
