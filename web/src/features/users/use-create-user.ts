import { type CreateUserRequest, createUserEndpoint } from '@switchboard/contract/user-create';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { useInvalidateUsers } from './api.ts';

/** Not in api.ts: its contract module is full zod, which the screen loads only with the Add User form. */
export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: CreateUserRequest) => callEndpoint(createUserEndpoint, { body }),
    onSuccess: invalidate,
  });
}
