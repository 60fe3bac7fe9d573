import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';

interface UsersPaginationProps {
  /** The page asked for (the URL's). Previous and Next step from it, so fast clicks are not lost while it loads. */
  page: number;
  /** The page whose rows are on screen; lags behind `page` while the next one loads. */
  shownPage: number;
  pageSize: number;
  total: number;
  totalPages: number;
  /** Shown rows count; the last page can be short. */
  rowCount: number;
  onPageChange(page: number): void;
}

export function UsersPagination({
  page,
  shownPage,
  pageSize,
  total,
  totalPages,
  rowCount,
  onPageChange,
}: UsersPaginationProps) {
  const first = total === 0 ? 0 : (shownPage - 1) * pageSize + 1;
  const last = total === 0 ? 0 : first + rowCount - 1;
  const pages = Math.max(totalPages, 1);
  // A page past the end is about to be moved to the last one; count from there meanwhile.
  const current = Math.min(page, pages);
  return (
    <nav
      aria-label="Users pages"
      className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-sm text-muted-foreground">
        Showing {first}–{last} of {total} users
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={current <= 1} onClick={() => onPageChange(current - 1)}>
          <ChevronLeftIcon aria-hidden="true" />
          Previous
        </Button>
        <span className="min-w-24 text-center text-sm tabular-nums" aria-live="polite">
          Page {current} of {pages}
        </span>
        <Button
          variant="outline"
          size="sm"
          disabled={current >= pages}
          onClick={() => onPageChange(current + 1)}
        >
          Next
          <ChevronRightIcon aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
