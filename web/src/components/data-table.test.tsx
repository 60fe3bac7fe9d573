import type { ColumnDef } from '@tanstack/react-table';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ComponentProps, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from './data-table.tsx';

interface Fruit {
  id: string;
  name: string;
  locked: boolean;
}

const FRUITS: Fruit[] = [
  { id: 'a', name: 'Apple', locked: false },
  { id: 'b', name: 'Banana', locked: true },
  { id: 'c', name: 'Cherry', locked: false },
];

const COLUMNS: ColumnDef<Fruit>[] = [{ id: 'name', header: 'Name', cell: ({ row }) => row.original.name }];

function renderFruits(props: Partial<ComponentProps<typeof DataTable<Fruit>>>) {
  return render(
    <DataTable
      label="Fruits"
      columns={COLUMNS}
      rows={FRUITS}
      getRowId={(row) => row.id}
      empty={<p>No fruit</p>}
      footer={<p>Footer</p>}
      {...props}
    />,
  );
}

function SelectableFruits({ rows = FRUITS, stale = false }: { rows?: Fruit[]; stale?: boolean }) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  return (
    <>
      <DataTable
        label="Fruits"
        columns={COLUMNS}
        rows={rows}
        getRowId={(row) => row.id}
        empty={<p>No fruit</p>}
        stale={stale}
        selection={{
          selected,
          onSelectedChange: setSelected,
          canSelect: (row) => !row.locked,
          disabledReason: 'Locked fruit stays',
          selectAllLabel: 'Select all fruit',
          rowLabel: (row) => `Select ${row.name}`,
        }}
      />
      <output data-testid="selected">{[...selected].sort().join(',')}</output>
    </>
  );
}

describe('DataTable', () => {
  it('selects every selectable row with select-all and leaves disabled rows out', async () => {
    const user = userEvent.setup();
    render(<SelectableFruits />);
    const selectAll = screen.getByRole('checkbox', { name: 'Select all fruit' });
    const banana = screen.getByRole('checkbox', { name: 'Select Banana' });
    expect(banana).toBeDisabled();
    expect(banana).toHaveAttribute('title', 'Locked fruit stays');

    await user.click(screen.getByRole('checkbox', { name: 'Select Apple' }));
    expect(selectAll).toHaveAttribute('data-state', 'indeterminate');

    await user.click(selectAll);
    // The same element is still on screen and now checked: the header is not remounted per render.
    expect(selectAll).toBeChecked();
    expect(screen.getByTestId('selected')).toHaveTextContent('a,c');
    expect(banana).not.toBeChecked();

    await user.click(selectAll);
    expect(screen.getByTestId('selected')).toHaveTextContent('');
  });

  it('lets nothing be selected while stale rows are shown', () => {
    render(<SelectableFruits stale />);
    expect(screen.getByRole('checkbox', { name: 'Select all fruit' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Select Apple' })).toBeDisabled();
    expect(screen.getByRole('table', { name: 'Fruits' })).toHaveAttribute('aria-busy', 'true');
  });

  it('disables select-all when no row can be selected', () => {
    render(<SelectableFruits rows={[{ id: 'b', name: 'Banana', locked: true }]} />);
    expect(screen.getByRole('checkbox', { name: 'Select all fruit' })).toBeDisabled();
  });

  it('shows a busy skeleton while the first page loads, without the footer', () => {
    renderFruits({ rows: undefined, skeletonRows: 3 });
    const table = screen.getByRole('table', { name: 'Loading fruits' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    // A header row and three placeholder rows, no data.
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(screen.queryByText('Footer')).not.toBeInTheDocument();
  });

  it('shows the empty state instead of a table when there are no rows', () => {
    renderFruits({ rows: [] });
    expect(screen.getByText('No fruit')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('Footer')).not.toBeInTheDocument();
  });

  it('shows the error with a Retry that calls back', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    renderFruits({ error: { title: 'Could not load fruit', message: 'Server down', onRetry } });
    expect(screen.getByText('Could not load fruit')).toBeInTheDocument();
    expect(screen.getByText('Server down')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Retry/ }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('shows the rows and the footer', () => {
    renderFruits({});
    const table = screen.getByRole('table', { name: 'Fruits' });
    expect(within(table).getByText('Cherry')).toBeInTheDocument();
    expect(screen.getByText('Footer')).toBeInTheDocument();
  });
});
