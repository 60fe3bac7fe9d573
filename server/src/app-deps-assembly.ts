import type { AppDeps } from './app-deps.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createAccessTokens } from './http/access-token.ts';
import { createDrainState } from './http/drain-state.ts';
import { createLiveAccess } from './modules/auth/live-access.ts';
import { createSessionEnds } from './modules/auth/session-ends.ts';
import { createUserPush } from './realtime/user-push.ts';

/** One server instance's dependencies on `database`: what run-server.ts, the API docs and the tests build the app from. */
export function assembleAppDeps(config: Config, database: DatabaseHandle): AppDeps {
  return {
    config,
    database,
    db: database.db,
    tokens: createAccessTokens(config.jwtSecret),
    liveAccess: createLiveAccess(database.db),
    sessionEnds: createSessionEnds(),
    userPush: createUserPush(),
    drain: createDrainState(),
  };
}
