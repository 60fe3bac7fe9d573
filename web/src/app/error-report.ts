import type { ClientErrorReport } from '@switchboard/contract/client-errors';
import { apiRequest } from '@/lib/api-client.ts';
import { logger } from '@/lib/logger.ts';

/** Sends a crash to the server's error log. Fire and forget: reporting a crash must never cause another one. */
export function reportClientError(error: unknown, componentStack?: string | null): void {
  try {
    const report: ClientErrorReport = {
      message: (error instanceof Error ? error.message : String(error)).slice(0, 2000) || 'Unknown error',
      timestamp: new Date().toISOString(),
      userAgent: navigator.userAgent.slice(0, 1000),
      url: window.location.href.slice(0, 2000),
    };
    if (error instanceof Error && error.stack) report.stack = error.stack.slice(0, 20_000);
    if (componentStack) report.componentStack = componentStack.slice(0, 20_000);
    logger.error('Unhandled error in the interface', report);
    apiRequest('/admin/errors', { method: 'POST', body: report, keepSessionOn401: true }).catch(() => {});
  } catch {
    // Nothing sensible left to do.
  }
}
