import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination.tsx';

const base = { label: 'Users pages', noun: 'users', pageSize: 10, onPageChange: () => {} };

type Shown = Pick<
  ComponentProps<typeof Pagination>,
  'page' | 'shownPage' | 'total' | 'totalPages' | 'rowCount'
> & {
  totalCapped?: boolean;
};

function renderPagination(props: Shown) {
  const onPageChange = vi.fn();
  render(<Pagination {...base} {...props} onPageChange={onPageChange} />);
  return { user: userEvent.setup(), onPageChange };
}

describe('Pagination', () => {
  it('says which rows are shown and of how many, and stops at the last page', () => {
    render(<Pagination {...base} page={3} shownPage={3} total={23} totalPages={3} rowCount={3} />);
    expect(screen.getByText('Showing 21–23 of 23 users')).toBeInTheDocument();
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Previous/ })).toBeEnabled();
  });

  it('writes big numbers with thousands separators, as the stat cards do', () => {
    render(
      <Pagination {...base} page={1200} shownPage={1200} total={30000} totalPages={3000} rowCount={10} />,
    );
    expect(screen.getByText('Showing 11,991–12,000 of 30,000 users')).toBeInTheDocument();
    expect(screen.getByText('Page 1,200 of 3,000')).toBeInTheDocument();
  });

  it('shows a capped total as "10,000+" and keeps Next on while full pages come back', async () => {
    const { user, onPageChange } = renderPagination({
      page: 2,
      shownPage: 2,
      total: 10000,
      totalCapped: true,
      totalPages: 1000,
      rowCount: 10,
    });
    expect(screen.getByText('Showing 11–20 of 10,000+ users')).toBeInTheDocument();
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });

  it('turns Next off on a short page of a capped total', () => {
    render(
      <Pagination
        {...base}
        page={4}
        shownPage={4}
        total={10000}
        totalCapped
        totalPages={1000}
        rowCount={4}
      />,
    );
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
  });

  it('steps from the page asked for, not the page still shown', async () => {
    const { user, onPageChange } = renderPagination({
      page: 3,
      shownPage: 1,
      total: 50,
      totalPages: 5,
      rowCount: 10,
    });
    expect(screen.getByText('Showing 1–10 of 50 users')).toBeInTheDocument();
    expect(screen.getByText('Page 3 of 5')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(onPageChange).toHaveBeenCalledWith(4);
  });
});
