import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { formatCount, formatTotal } from '@/lib/format.ts';

interface PaginationProps {
  /** The navigation's accessible name, e.g. "Users pages". */
  label: string;
  /** What the rows are, plural: "users" in "Showing 1–10 of 23 users". */
  noun: string;
  /** The page asked for (the URL's). Previous and Next step from it, so fast clicks are not lost while it loads. */
  page: number;
  /** The page whose rows are on screen; lags behind `page` while the next one loads. */
  shownPage: number;
  pageSize: number;
  total: number;
  /** The server stopped counting at `total`: shown as "10,000+", and Next stays on while a full page came back. */
  totalCapped?: boolean;
  totalPages: number;
  /** Rows on screen; the last page can be short. */
  rowCount: number;
  onPageChange(page: number): void;
  /** Numbered page buttons (first, last and those around the current page) instead of "Page x of y". */
  numbered?: boolean;
}

/** What a list response says about its paging, in the server's field names. */
export interface PageResult {
  page: number;
  total: number;
  total_capped?: boolean;
  total_pages: number;
}

/** The Pagination props a list response gives: the page on screen, the total and the page count. */
export const pagerProps = (result: PageResult) => ({
  shownPage: result.page,
  total: result.total,
  totalCapped: result.total_capped,
  totalPages: result.total_pages,
});

/** The pages a numbered pager offers: the first, the last and two either side of the current one; null is a gap. */
export function pageWindow(current: number, pages: number): (number | null)[] {
  const shown = new Set([1, pages]);
  for (let p = current - 2; p <= current + 2; p++) if (p >= 1 && p <= pages) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  return sorted.flatMap((p, i) => (i > 0 && p - (sorted[i - 1] as number) > 1 ? [null, p] : [p]));
}

export function Pagination(props: PaginationProps) {
  const { page, shownPage, pageSize, total, totalPages, rowCount, totalCapped = false } = props;
  const first = total === 0 ? 0 : (shownPage - 1) * pageSize + 1;
  const last = total === 0 ? 0 : first + rowCount - 1;
  const pages = Math.max(totalPages, 1);
  // A page past the end is about to be moved to the last one; count from there meanwhile.
  const current = totalCapped ? page : Math.min(page, pages);
  const hasNext = totalCapped ? rowCount === pageSize : current < pages;
  return (
    <nav
      aria-label={props.label}
      className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-sm text-muted-foreground">
        Showing {formatCount(first)}–{formatCount(last)} of {formatTotal(total, totalCapped)} {props.noun}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={current <= 1}
          onClick={() => props.onPageChange(current - 1)}
        >
          <ChevronLeftIcon aria-hidden="true" />
          {/* On a phone the arrows alone, so the numbered pages fit one row. */}
          <span className="max-sm:sr-only">Previous</span>
        </Button>
        {props.numbered && !totalCapped ? (
          pageWindow(current, pages).map((p, i) =>
            p === null ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place.
              <span key={`gap-${i}`} className="px-1 text-sm text-muted-foreground" aria-hidden="true">
                …
              </span>
            ) : (
              <Button
                key={p}
                variant={p === current ? 'default' : 'outline'}
                size="sm"
                className="min-w-8 tabular-nums"
                aria-label={`Page ${p}`}
                aria-current={p === current ? 'page' : undefined}
                onClick={() => p !== current && props.onPageChange(p)}
              >
                {p}
              </Button>
            ),
          )
        ) : (
          <span className="min-w-24 text-center text-sm tabular-nums" aria-live="polite">
            {totalCapped
              ? `Page ${formatCount(current)}`
              : `Page ${formatCount(current)} of ${formatCount(pages)}`}
          </span>
        )}
        <Button
          variant="outline"
          size="sm"
          disabled={!hasNext}
          onClick={() => props.onPageChange(current + 1)}
        >
          <span className="max-sm:sr-only">Next</span>
          <ChevronRightIcon aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
