import { ApiRequestError } from '@/lib/api-client.ts';

/**
 * The message to show for a failed call: the server's own words when its error body gave any, the
 * client's network message when the server could not be reached, otherwise the screen's fallback.
 * Status texts, proxy pages and programming errors never reach the admin.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiRequestError)) return fallback;
  if (error.isNetworkError) return error.message;
  return error.serverMessage ?? fallback;
}
