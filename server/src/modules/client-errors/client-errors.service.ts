import type { ClientErrorReport } from '@switchboard/contract/client-errors';
import type { LiveAccess } from '../../app-deps.ts';
import type { Database } from '../../db/client.ts';
import type { AccessTokens } from '../../http/access-token.ts';
import { bearerToken } from '../../http/access-token.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { authenticateAdmin } from '../auth/authenticate.ts';
import { recordSystemLog } from '../system-logs/system-logs.repository.ts';

/**
 * Stores the crash screen's report as an ERROR system log from module 'web'. Reports are accepted
 * without signing in, so the reporter is named only when the access token that came with it
 * would pass the admin guard.
 */
export async function reportClientError(
  db: Database,
  deps: { tokens: AccessTokens; liveAccess: LiveAccess },
  report: ClientErrorReport,
  from: RequestContext & { authorization: string | undefined },
): Promise<void> {
  // The same check as the guard: a deactivated, demoted or signed-out admin is not named.
  const reporter = await authenticateAdmin(deps, bearerToken(from.authorization));
  const { message, ...details } = report;
  await recordSystemLog(db, {
    level: 'ERROR',
    module: 'web',
    message: message || 'Unknown client error',
    userId: reporter?.id ?? null,
    ip: from.ip,
    details,
  });
}
