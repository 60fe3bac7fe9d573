import type { AppCall } from '@switchboard/contract/calling';
import type { Permission } from '@switchboard/contract/permissions';
import type {
  AppServerToClientEvents,
  ClientToServerEvents,
  ServerToClientEvents,
} from '@switchboard/contract/realtime';
import type { Server } from 'socket.io';
import type { Config } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import type { AccessTokens } from './http/access-token.ts';
import type { DrainState } from './http/drain-state.ts';

/**
 * What every module is built from; main.ts and the tests each assemble one. The interfaces below are the
 * seams between the modules and what main.ts wires beside them (realtime/): a module calls them, never
 * realtime/ itself.
 */
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
  /** Whether this instance is stopping (readiness answers `draining`, no new sockets or calls). */
  drain: DrainState;
  /** Delivers one-time sign-in codes; unset means the one the configuration names (modules/auth/code-sender.ts). */
  codeSender?: CodeSender;
  /** The time sign-in codes and authenticator codes are checked against; tests move it. */
  clock?: () => Date;
}

/** A one-time sign-in code on its way to an app user (by e-mail or SMS, through the operator's gateway). */
export interface OneTimeCodeMessage {
  userId: string;
  username: string;
  email: string;
  code: string;
  expiresInSeconds: number;
}

export interface CodeSender {
  send(message: OneTimeCodeMessage): Promise<void>;
  /**
   * True only for the demo's sender (demo data on, no OTP_WEBHOOK_URL): the code is then also given in
   * the request's answer as `demo_code`, so a newcomer can try the app without reading the server log.
   */
  readonly demoShowsCode?: boolean;
}

/** What the guard needs of a signed-in account beyond the token: read fresh from the account row. */
export interface LiveAccount {
  username: string;
  isAdmin: boolean;
  isRootAdmin: boolean;
  /** What the admin's role allows now: a role change applies at the next request. */
  permissions: readonly Permission[];
}

/** Kept answers to "is this admin's session still live" (modules/auth/live-access.ts). */
export interface LiveAccess {
  /** The account while it is active and the session is not revoked, else null. */
  accountFor(userId: string, sessionId: string): Promise<LiveAccount | null>;
  /** After a write on this instance that may change who has access: forget, and tell the listeners. */
  changed(): void;
  /** After a write on another instance: forget. */
  forget(): void;
  onChange(listener: () => void): () => void;
}

/**
 * Told when a session ends (logout, a replayed refresh token), so that whatever holds it open
 * (the realtime server's sockets, on every instance) lets go at once.
 */
export interface SessionEnds {
  ended(sessionId: string): void;
  subscribe(listener: (sessionId: string) => void): () => void;
}

export type UserEvent = 'notification' | 'notification_digest' | 'official_message';

/**
 * Pushes an event to the sockets of given users (room `user:<id>`, joined by calling-app sockets);
 * realtime/user-push.ts delivers it once main.ts attaches the socket server.
 */
export interface UserPush {
  attach(io: Server<ClientToServerEvents, ServerToClientEvents>): void;
  toUsers<E extends UserEvent>(
    userIds: readonly string[],
    event: E,
    payload: Parameters<AppServerToClientEvents[E]>[0],
  ): void;
  /**
   * A call changed state: both parties' sockets hear it (a new call rings at every socket of the callee);
   * once it is over, its room is emptied so nothing more is relayed.
   */
  callChanged(call: AppCall, options?: { incoming?: boolean }): void;
  /** Closes every live socket of these users, app and console alike, on every instance (Redis adapter). */
  disconnectUsers(userIds: readonly string[]): void;
}

/** The realtime server's Redis connection (REDIS_URL), as readiness and the metrics report it. */
export interface RedisLink {
  up(): boolean;
  /** Connection errors since start. */
  errors(): number;
  /** Messages for the other instances that could not be published (Redis down). */
  dropped(): number;
}
