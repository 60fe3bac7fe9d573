import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '@/lib/api-client.ts';

/** 3 retry attempts with 1 s between them. */
export const QUERY_RETRY_ATTEMPTS = 3;
export const QUERY_RETRY_DELAY_MS = 1000;

/** A 4xx will answer the same way again; only network failures and 5xx are worth retrying. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
  return failureCount < QUERY_RETRY_ATTEMPTS;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay: QUERY_RETRY_DELAY_MS,
        staleTime: 15_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
