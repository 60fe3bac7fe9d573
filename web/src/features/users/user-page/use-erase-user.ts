import { usersEndpoints } from '@switchboard/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { userKeys } from '../api.ts';

export function useEraseUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(usersEndpoints.erase, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
