import { adminRoleEndpoints, type RoleInput } from '@switchboard/contract/admin-roles';
import { usersEndpoints } from '@switchboard/contract/users';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';

export const roleKeys = {
  all: ['admin-roles'] as const,
  admins: (page: number) => [...roleKeys.all, 'admins', page] as const,
};
/** The users screen's queries (its own feature's keys start the same): an assignment changes its rows. */
const USERS_KEY = ['users'] as const;

export function useRoles() {
  return useQuery({
    queryKey: roleKeys.all,
    queryFn: ({ signal }) => callEndpoint(adminRoleEndpoints.list, {}, { signal }),
    select: (response) => response.data.roles,
  });
}

/** The admins, a page at a time, with the role each holds. */
export function useAdmins(page: number) {
  return useQuery({
    queryKey: roleKeys.admins(page),
    queryFn: ({ signal }) =>
      callEndpoint(usersEndpoints.list, { query: { page, status: 'admin', search: '' } }, { signal }),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
  });
}

/** Every change moves the roles' counts or the admins' roles: all of them refetch. */
function useRoleMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: roleKeys.all }),
        queryClient.invalidateQueries({ queryKey: USERS_KEY }),
      ]),
  });
}

export const useCreateRole = () =>
  useRoleMutation((body: RoleInput) => callEndpoint(adminRoleEndpoints.create, { body }));

export const useUpdateRole = () =>
  useRoleMutation(({ id, body }: { id: string; body: RoleInput }) =>
    callEndpoint(adminRoleEndpoints.update, { params: { id }, body }),
  );

export const useDeleteRole = () =>
  useRoleMutation((id: string) => callEndpoint(adminRoleEndpoints.delete, { params: { id } }));

export const useAssignRole = () =>
  useRoleMutation(({ userId, roleId }: { userId: string; roleId: string }) =>
    callEndpoint(adminRoleEndpoints.assign, { params: { id: userId }, body: { role_id: roleId } }),
  );
