import { USER_STATUS_QUERY_FILTERS, type UserStatusQueryFilter } from '@switchboard/contract/users';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { UsersListParams } from './api.ts';

function parsePage(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function parseStatus(raw: string | null): UserStatusQueryFilter {
  return USER_STATUS_QUERY_FILTERS.find((status) => status === raw) ?? 'all';
}

/**
 * Page, search and status live in the URL so a reload, a shared link and the Back button
 * all show the same list. Defaults are left out of the URL to keep it short.
 */
export function useUsersUrlState() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params: UsersListParams = {
    page: parsePage(searchParams.get('page')),
    search: searchParams.get('search')?.trim() ?? '',
    status: parseStatus(searchParams.get('status')),
  };

  const update = useCallback(
    (changes: Partial<UsersListParams>, options: { replace?: boolean } = {}) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          const set = (key: string, value: string, fallback: string) => {
            if (value === fallback) next.delete(key);
            else next.set(key, value);
          };
          if (changes.search !== undefined) set('search', changes.search, '');
          if (changes.status !== undefined) set('status', changes.status, 'all');
          // A new search or filter starts again on the first page.
          const page =
            changes.page ?? (changes.search !== undefined || changes.status !== undefined ? 1 : undefined);
          if (page !== undefined) set('page', String(page), '1');
          return next;
        },
        { replace: options.replace },
      );
    },
    [setSearchParams],
  );

  return { params, update };
}
