import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A mutation after which every query under `key` refetches, failed or not: a change can move a row between
 * filters and stat cards, so the whole screen reads again.
 */
export function useInvalidatingMutation<T, R>(key: QueryKey, mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
