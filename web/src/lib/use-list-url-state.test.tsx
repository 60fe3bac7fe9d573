import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseListQuery, useListUrlState } from './use-list-url-state.ts';

const Query = z.object({
  page: z.coerce.number().int().min(1).default(1),
  search: z.string().trim().max(100).default(''),
  status: z.enum(['all', 'online', 'admin']).default('all'),
});

function setup(initial: string) {
  let location = '';
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[initial]}>{children}</MemoryRouter>
  );
  const hook = renderHook(
    () => {
      location = useLocation().search;
      return useListUrlState(Query);
    },
    { wrapper },
  );
  return { hook, location: () => location };
}

describe('parseListQuery', () => {
  it('keeps the good keys when one is malformed', () => {
    const parsed = parseListQuery(Query, new URLSearchParams('page=abc&status=admin&search=%20bob%20'));
    expect(parsed).toEqual({ page: 1, status: 'admin', search: 'bob' });
  });

  it('falls back to the defaults for an unknown filter value and ignores unknown keys', () => {
    expect(parseListQuery(Query, new URLSearchParams('status=nope&page=4&other=1'))).toEqual({
      page: 4,
      search: '',
      status: 'all',
    });
  });
});

describe('useListUrlState', () => {
  it('reads page, search and filters from the URL', () => {
    const { hook } = setup('/users?page=2&search=ann&status=online');
    expect(hook.result.current.params).toEqual({ page: 2, search: 'ann', status: 'online' });
  });

  it('goes back to page 1 on a new search, and leaves defaults out of the URL', () => {
    const { hook, location } = setup('/users?page=3');
    act(() => hook.result.current.update({ search: 'ann' }));
    expect(location()).toBe('?search=ann');
    expect(hook.result.current.params).toEqual({ page: 1, search: 'ann', status: 'all' });

    act(() => hook.result.current.update({ page: 2 }));
    expect(location()).toBe('?search=ann&page=2');
    act(() => hook.result.current.update({ status: 'admin' }));
    expect(location()).toBe('?search=ann&status=admin');
    act(() => hook.result.current.update({ search: '', status: 'all' }));
    expect(location()).toBe('');
  });

  it('keeps the parsed params object while the URL is unchanged', () => {
    const { hook } = setup('/users?page=2');
    const first = hook.result.current.params;
    hook.rerender();
    expect(hook.result.current.params).toBe(first);
  });

  it('makes one history entry when the same change comes twice before the URL re-renders', () => {
    let back: () => void = () => undefined;
    let location = '';
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={['/users', '/users?page=3']} initialIndex={1}>
        {children}
      </MemoryRouter>
    );
    const hook = renderHook(
      () => {
        location = useLocation().search;
        const navigate = useNavigate();
        back = () => void navigate(-1);
        return useListUrlState(Query);
      },
      { wrapper },
    );
    // A tab's mousedown and then its focus: both from the same render.
    const { update } = hook.result.current;
    act(() => {
      update({ status: 'admin' });
      update({ status: 'admin' });
    });
    expect(location).toBe('?status=admin');
    act(() => back());
    expect(location).toBe('?page=3');
  });
});
