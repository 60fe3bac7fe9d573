import { SOCIAL_MAX_OFFSET, SOCIAL_PAGE_SIZE } from '@switchboard/contract/social';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { DataTable } from '@/components/data-table.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { Pagination } from '@/components/pagination.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { errorMessage } from '@/lib/error-message.ts';

export const SOCIAL_FETCH_FAILED = 'Failed to fetch data';
/** The server pages through the first 10,000 rows of a list; the pager offers no page past them. */
const MAX_PAGES = Math.ceil(SOCIAL_MAX_OFFSET / SOCIAL_PAGE_SIZE);

interface SocialListProps<Row> {
  label: string;
  noun: string;
  columns: ColumnDef<Row>[];
  query: UseQueryResult<{ rows: Row[]; total: number; total_capped: boolean; page: number }>;
  page: number;
  onPageChange(page: number): void;
  /** What stands above the table: its search and filters. */
  children?: ReactNode;
}

/** One social tab's card: its filters, then the table, 20 rows a page with Previous, numbered pages and Next. */
export function SocialList<Row extends { id: string | number }>({
  label,
  noun,
  columns,
  query,
  page,
  onPageChange,
  children,
}: SocialListProps<Row>) {
  const data = query.data;
  const totalPages = Math.min(Math.ceil((data?.total ?? 0) / SOCIAL_PAGE_SIZE), MAX_PAGES);
  return (
    <Card>
      <CardContent className="flex flex-col gap-4">
        {children}
        <DataTable
          label={label}
          columns={columns}
          rows={data?.rows}
          getRowId={(row) => String(row.id)}
          stale={query.isPlaceholderData}
          error={
            query.isError
              ? {
                  title: label,
                  message: errorMessage(query.error, SOCIAL_FETCH_FAILED),
                  onRetry: () => void query.refetch(),
                }
              : null
          }
          empty={<EmptyState title={`No ${noun} found`} />}
          footer={
            data ? (
              <Pagination
                label={`${label} pages`}
                noun={noun}
                page={page}
                shownPage={data.page}
                pageSize={SOCIAL_PAGE_SIZE}
                total={data.total}
                totalCapped={data.total_capped}
                totalPages={totalPages}
                rowCount={data.rows.length}
                onPageChange={onPageChange}
                numbered
              />
            ) : null
          }
        />
      </CardContent>
    </Card>
  );
}
