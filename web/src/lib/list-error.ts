import type { DataTableError } from '@/components/data-table.tsx';
import { errorMessage } from '@/lib/error-message.ts';

/**
 * The DataTable error state of a failed list query: its title, the server's words (or `fallback` when it
 * gave none: a network failure, a proxy's page), and a retry.
 */
export function listError(
  query: { isError: boolean; error: unknown; refetch(): unknown },
  title: string,
  fallback = title,
): DataTableError | null {
  if (!query.isError) return null;
  return { title, message: errorMessage(query.error, fallback), onRetry: () => void query.refetch() };
}
