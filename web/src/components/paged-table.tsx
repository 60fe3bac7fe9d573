import type { UseQueryResult } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { DataTable } from '@/components/data-table.tsx';
import { Pagination, pagerProps } from '@/components/pagination.tsx';
import { errorMessage } from '@/lib/error-message.ts';

/** What a list paged by `per_page` answers beside its rows (security, logs, reports, audit log). */
export interface PerPageData {
  page: number;
  per_page: number;
  total: number;
  total_pages: number;
  total_capped?: boolean;
}

interface PagedTableProps<Row, Data extends PerPageData> {
  /** The table's accessible name; the pager is "<pagerLabel>" (default "<label> pages"). */
  label: string;
  pagerLabel?: string;
  /** What the pager counts ("events", "logs"). */
  noun: string;
  columns: ColumnDef<Row>[];
  query: UseQueryResult<Data>;
  rowsOf(data: Data): Row[];
  getRowId(row: Row): string;
  page: number;
  onPageChange(page: number): void;
  /** The error text when the server gives none. */
  fetchFailed: string;
  empty: ReactNode;
}

/** One page of such a list in a DataTable: skeleton, stale rows, error with retry, empty state, pager. */
export function PagedTable<Row, Data extends PerPageData>(props: PagedTableProps<Row, Data>) {
  const { query, page } = props;
  const data = query.data;
  const rows = data ? props.rowsOf(data) : undefined;
  return (
    <DataTable
      label={props.label}
      columns={props.columns}
      rows={rows}
      getRowId={props.getRowId}
      stale={query.isPlaceholderData}
      error={
        query.isError
          ? {
              title: 'Error',
              message: errorMessage(query.error, props.fetchFailed),
              onRetry: () => void query.refetch(),
            }
          : null
      }
      empty={props.empty}
      footer={
        data && rows ? (
          <Pagination
            label={props.pagerLabel ?? `${props.label} pages`}
            noun={props.noun}
            page={page}
            {...pagerProps(data)}
            pageSize={data.per_page}
            rowCount={rows.length}
            onPageChange={props.onPageChange}
          />
        ) : null
      }
    />
  );
}
