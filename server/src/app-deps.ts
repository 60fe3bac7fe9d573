import type { Config } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import type { AccessTokens } from './modules/auth/access-token.ts';
import type { SessionEnds } from './modules/auth/session-ends.ts';
import type { UserPush } from './realtime/user-push.ts';

/** What every module is built from; main.ts and the tests each assemble one. */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  tokens: AccessTokens;
  sessionEnds: SessionEnds;
  /** Live events to calling-app users' sockets. */
  userPush: UserPush;
}
