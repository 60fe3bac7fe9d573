import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorPanel } from '@/components/error-panel.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { formatCount } from '@/lib/format.ts';

/** A row of stat cards: two a row on a phone, so four figures fit the first screen; four from `lg` up. */
export const STAT_GRID = 'grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4';

interface StatOverviewProps<T> {
  query: UseQueryResult<T>;
  /** The failure's text when the server sends none. */
  fetchFailed: string;
  /** The failure panel's heading. */
  errorTitle?: string;
  /** The grid's columns; two a row on a phone and three from `lg` up unless given. */
  className?: string;
  /** The StatCards, from the figures; undefined while they load (the cards show placeholders). */
  children(figures: T | undefined): ReactNode;
}

/** An Overview tab's grid of stat cards, or the failure with Retry in its place. */
export function StatOverview<T>({
  query,
  fetchFailed,
  errorTitle = 'Error',
  className = 'grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3',
  children,
}: StatOverviewProps<T>) {
  if (query.isError)
    return (
      <ErrorPanel
        title={errorTitle}
        message={errorMessage(query.error, fetchFailed)}
        onRetry={() => void query.refetch()}
      />
    );
  return <div className={className}>{children(query.data)}</div>;
}

/** A count for a StatCard: undefined (a placeholder) until it has loaded. */
export const loadedCount = (count: number | undefined) =>
  count === undefined ? undefined : formatCount(count);
