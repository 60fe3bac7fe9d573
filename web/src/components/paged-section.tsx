import type { ReactNode } from 'react';
import { useState } from 'react';
import { EmptyState } from '@/components/empty-state.tsx';
import { TitledCard } from '@/components/titled-card.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';

/** Which page of a keyset-paged section is shown: the cursors of the pages before it. */
export function useCursorPages() {
  const [cursors, setCursors] = useState<string[]>([]);
  return {
    cursor: cursors.at(-1),
    page: cursors.length + 1,
    next: (cursor: string) => setCursors((c) => [...c, cursor]),
    previous: () => setCursors((c) => c.slice(0, -1)),
    reset: () => setCursors([]),
  };
}

interface PagedSectionProps<Row> {
  title: string;
  /** Controls beside the title (a side switch). */
  controls?: ReactNode;
  rows: Row[] | undefined;
  error: boolean;
  empty: string;
  nextCursor: string | null | undefined;
  pages: ReturnType<typeof useCursorPages>;
  render(row: Row): ReactNode;
  rowKey(row: Row): string | number;
}

/**
 * A titled list paged by keyset cursor (the user page's sections): a loading state, an empty state, and
 * Previous / Next over `useCursorPages`, for an endpoint that answers `next_cursor` and no page count.
 */
export function PagedSection<Row>({
  title,
  controls,
  rows,
  error,
  empty,
  nextCursor,
  pages,
  render,
  rowKey,
}: PagedSectionProps<Row>) {
  return (
    <TitledCard title={title} className="flex flex-col gap-3">
      <section aria-label={title} className="flex flex-col gap-3">
        {controls}
        {error ? (
          <p className="text-sm text-destructive">Could not load {title.toLowerCase()}.</p>
        ) : rows === undefined ? (
          <div
            role="status"
            aria-busy="true"
            aria-label={`Loading ${title.toLowerCase()}`}
            className="flex flex-col gap-2"
          >
            <Skeleton className="h-5 w-full" />
            <Skeleton className="h-5 w-3/4" />
          </div>
        ) : rows.length === 0 ? (
          <EmptyState title={empty} className="py-6" />
        ) : (
          <ul className="divide-y text-sm">
            {rows.map((row) => (
              <li key={rowKey(row)} className="py-2">
                {render(row)}
              </li>
            ))}
          </ul>
        )}
        {pages.page > 1 || nextCursor ? (
          <nav aria-label={`${title} pages`} className="flex items-center justify-end gap-2">
            <span className="mr-auto text-xs text-muted-foreground">Page {pages.page}</span>
            <Button variant="outline" size="sm" disabled={pages.page === 1} onClick={pages.previous}>
              Previous
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={!nextCursor}
              onClick={() => nextCursor && pages.next(nextCursor)}
            >
              Next
            </Button>
          </nav>
        ) : null}
      </section>
    </TitledCard>
  );
}
