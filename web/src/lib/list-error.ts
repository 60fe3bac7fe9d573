import type { DataTableError } from '@/components/data-table.tsx';
import { errorMessage } from '@/lib/error-message.ts';

/** The DataTable error state of a failed list query: the screen's title, the server's words, a retry. */
export function listError(
  query: { isError: boolean; error: unknown; refetch(): unknown },
  title: string,
): DataTableError | null {
  if (!query.isError) return null;
  return { title, message: errorMessage(query.error, title), onRetry: () => void query.refetch() };
}
