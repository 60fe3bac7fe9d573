import type { ClientErrorReport } from '@switchboard/contract/client-errors';
import type { Database } from '../../db/client.ts';
import type { RequestContext } from '../../http/request-context.ts';
import type { AccessTokens } from '../auth/access-token.ts';
import { bearerToken } from '../auth/authenticate.ts';
import { recordSystemLog } from '../system-logs/system-logs.repository.ts';

/**
 * Stores the crash screen's report as an ERROR system log from module 'web'. Reports are accepted
 * without signing in, so the reporter is named only when a valid access token came with it.
 */
export async function reportClientError(
  deps: { db: Database; tokens: AccessTokens },
  report: ClientErrorReport,
  from: RequestContext & { authorization: string | undefined },
): Promise<void> {
  const token = bearerToken(from.authorization);
  const reporter = token ? await deps.tokens.verify(token) : null;
  const { message, ...details } = report;
  await recordSystemLog(deps.db, {
    level: 'ERROR',
    module: 'web',
    message: message || 'Unknown client error',
    userId: reporter?.id ?? null,
    ip: from.ip,
    details,
  });
}
