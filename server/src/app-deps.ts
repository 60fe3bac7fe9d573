import type { Config } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import type { AccessTokens } from './http/access-token.ts';
import type { LiveAccess } from './modules/auth/live-access.ts';
import type { SessionEnds } from './modules/auth/session-ends.ts';
import type { UserPush } from './realtime/user-push.ts';

/** What every module is built from; main.ts and the tests each assemble one. */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  tokens: AccessTokens;
  /** Whether a signed-in admin's account and session are still live, kept briefly per session. */
  liveAccess: LiveAccess;
  sessionEnds: SessionEnds;
  /** Live events to calling-app users' sockets. */
  userPush: UserPush;
}
