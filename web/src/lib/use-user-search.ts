import { usersEndpoints } from '@switchboard/contract/users';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from './api-client.ts';

/** How many matches a user picker offers at once. */
const SEARCH_SIZE = 8;

/** Users whose username (or email, or full name) contains `search`, from the users list on the server. */
export function useUserSearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'search', search],
    queryFn: ({ signal }) =>
      callEndpoint(usersEndpoints.list, { query: { search, limit: SEARCH_SIZE } }, { signal }),
    select: (response) => response.data.users,
    enabled,
    placeholderData: keepPreviousData,
  });
}
