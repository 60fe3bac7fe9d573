import {
  type Column,
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type RowData,
  type RowSelectionState,
  useReactTable,
} from '@tanstack/react-table';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { ErrorPanel } from '@/components/error-panel.tsx';
import { type PageResult, Pagination, pagerProps } from '@/components/pagination.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { cn } from '@/lib/utils.ts';

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes for the column's header and cells, e.g. `hidden md:table-cell` to drop it on narrow screens. */
    className?: string;
    headClassName?: string;
    /** What a loading row shows in this column; a short bar by default. */
    skeleton?: ReactNode;
  }
}

export interface DataTableSelection<Row> {
  selected: ReadonlySet<string>;
  onSelectedChange(ids: ReadonlySet<string>): void;
  /** Rows that cannot be selected keep a disabled checkbox, with `disabledReason` as its tooltip. */
  canSelect?(row: Row): boolean;
  disabledReason?: string;
  selectAllLabel: string;
  rowLabel(row: Row): string;
}

export interface DataTableError {
  title: string;
  message: string;
  onRetry(): void;
}

interface DataTableProps<Row> {
  /** The table's accessible name, e.g. "Users". */
  label: string;
  columns: ColumnDef<Row>[];
  /** undefined while the first page loads: a skeleton is shown. */
  rows: Row[] | undefined;
  getRowId(row: Row): string;
  /** Shown instead of the table when the list failed to load, with a Retry button. */
  error?: DataTableError | null;
  /** Shown instead of the table when there are no rows. */
  empty: ReactNode;
  /** True while the next page loads and the old rows are still shown: they are dimmed and cannot be selected. */
  stale?: boolean;
  selection?: DataTableSelection<Row>;
  /** The pager of a server-paged list: Pagination under the rows, fed by the page that came back. */
  pager?: DataTablePager;
  /** Shown under the rows instead of a pager (a note such as "Showing the newest 100"); not while loading, failed or empty. */
  footer?: ReactNode;
  skeletonRows?: number;
}

export interface DataTablePager {
  /** The navigation's accessible name, e.g. "Calls pages". */
  label: string;
  /** What the rows are, plural: "calls" in "Showing 1–20 of 45 calls". */
  noun: string;
  /** The page asked for (the URL's); the rows on screen may still be the previous page's. */
  page: number;
  /** The list response beside its rows; undefined until the first page arrives. */
  result: (PageResult & ({ limit: number } | { per_page: number })) | undefined;
  onPageChange(page: number): void;
  numbered?: boolean;
}

const NO_SELECTION: ReadonlySet<string> = new Set();
// One array for "no rows yet": a new [] each render would be new data to the table on every render.
const NO_ROWS: never[] = [];

export function DataTable<Row>(props: DataTableProps<Row>) {
  const { label, rows, error, stale = false, selection } = props;
  const selected = selection?.selected ?? NO_SELECTION;
  const rowSelection: RowSelectionState = Object.fromEntries([...selected].map((id) => [id, true]));
  const hasSelection = selection !== undefined;
  // The columns keep their identity across renders: flexRender mounts each header and cell as a
  // component, so a new column object would remount it and drop focus and element references.
  const columns = useMemo(
    () => (hasSelection ? [selectionColumn as ColumnDef<Row>, ...props.columns] : props.columns),
    [hasSelection, props.columns],
  );

  const table = useReactTable({
    data: rows ?? NO_ROWS,
    columns,
    getRowId: props.getRowId,
    getCoreRowModel: getCoreRowModel(),
    // Paging is the server's: the table must not reset a page index of its own (a state update per new data).
    manualPagination: true,
    state: { rowSelection },
    enableRowSelection: (row) => !stale && (selection?.canSelect?.(row.original) ?? true),
    onRowSelectionChange: (updater) => {
      const next = typeof updater === 'function' ? updater(rowSelection) : updater;
      selection?.onSelectedChange(new Set(Object.keys(next).filter((id) => next[id])));
    },
  });
  const context = useMemo(
    () => ({ selection: selection as DataTableSelection<unknown> | undefined, stale }),
    [selection, stale],
  );

  if (error) return <ErrorPanel title={error.title} message={error.message} onRetry={error.onRetry} />;
  if (rows !== undefined && rows.length === 0) return <>{props.empty}</>;

  const loading = rows === undefined;
  const header = (
    <TableHeader>
      {table.getHeaderGroups().map((group) => (
        <TableRow key={group.id}>
          {group.headers.map((head) => (
            <TableHead
              key={head.id}
              className={cn(
                columnClass(head.column),
                head.column.columnDef.meta?.headClassName,
                isActions(head.column) && 'bg-muted',
              )}
            >
              {head.isPlaceholder ? null : flexRender(head.column.columnDef.header, head.getContext())}
            </TableHead>
          ))}
        </TableRow>
      ))}
    </TableHeader>
  );

  if (loading) {
    const keys = Array.from({ length: props.skeletonRows ?? 5 }, (_, index) => `skeleton-${index}`);
    return (
      <SelectionContext.Provider value={context}>
        <Table aria-busy="true" aria-label={`Loading ${label.toLowerCase()}`}>
          {header}
          <TableBody>
            {keys.map((key) => (
              <TableRow key={key}>
                {table.getVisibleLeafColumns().map((column) => (
                  <TableCell key={column.id} className={columnClass(column)}>
                    {column.columnDef.meta?.skeleton ?? <Skeleton className="h-4 w-16" />}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </SelectionContext.Provider>
    );
  }

  return (
    <SelectionContext.Provider value={context}>
      <Table aria-busy={stale} aria-label={label} className={cn(stale && 'opacity-60 transition-opacity')}>
        {header}
        <TableBody>
          {table.getRowModel().rows.map((row) => (
            <TableRow key={row.id} data-state={row.getIsSelected() ? 'selected' : undefined}>
              {row.getVisibleCells().map((cell) => (
                <TableCell key={cell.id} className={columnClass(cell.column)}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {props.pager?.result ? (
        <Pager {...props.pager} result={props.pager.result} rowCount={rows.length} />
      ) : null}
      {props.footer}
    </SelectionContext.Provider>
  );
}

function Pager({
  result,
  rowCount,
  ...pager
}: DataTablePager & { result: NonNullable<DataTablePager['result']>; rowCount: number }) {
  return (
    <Pagination
      {...pager}
      {...pagerProps(result)}
      pageSize={'per_page' in result ? result.per_page : result.limit}
      rowCount={rowCount}
    />
  );
}

/** A row's actions column ("Actions"): it stays in view at the right edge while the rest scrolls sideways. */
const isActions = (column: { id: string }) => column.id.toLowerCase() === 'actions';
export const STICKY_ACTIONS = 'sticky right-0 bg-card max-md:shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.25)]';

function columnClass<Row>(column: Column<Row>) {
  return cn(column.columnDef.meta?.className, isActions(column) && STICKY_ACTIONS);
}

const SelectionContext = createContext<{ selection?: DataTableSelection<unknown>; stale: boolean }>({
  stale: false,
});

const selectionColumn: ColumnDef<unknown> = {
  id: 'select',
  meta: { className: 'px-2 sm:px-3', skeleton: <Skeleton className="size-4" /> },
  header: function SelectAll({ table }) {
    const { selection, stale } = useContext(SelectionContext);
    const selectable = table.getRowModel().rows.filter((row) => row.getCanSelect());
    const count = selectable.filter((row) => row.getIsSelected()).length;
    return (
      <Checkbox
        aria-label={selection?.selectAllLabel}
        checked={count === 0 ? false : count === selectable.length ? true : 'indeterminate'}
        // Rows about to be replaced by the next page must not be selected.
        disabled={stale || selectable.length === 0}
        onCheckedChange={(checked) => table.toggleAllRowsSelected(checked === true)}
      />
    );
  },
  cell: function SelectRow({ row }) {
    const { selection } = useContext(SelectionContext);
    const allowed = selection?.canSelect?.(row.original) ?? true;
    return (
      <Checkbox
        aria-label={selection?.rowLabel(row.original)}
        title={allowed ? undefined : selection?.disabledReason}
        checked={row.getIsSelected()}
        disabled={!row.getCanSelect()}
        onCheckedChange={(checked) => row.toggleSelected(checked === true)}
      />
    );
  },
};
