import { z } from 'zod';
import { envelope, IsoDateTime, SuccessMessage, UserId } from './common.ts';
import { endpoint } from './endpoint.ts';

/**
 * Signed-in sessions (one per sign-in, kept across token refreshes). Every admin sees and ends their
 * own; an admin with `admins:manage` those of other admins. Ending one ends its access tokens and
 * sockets at once, as logout does.
 */
export const SignedInSession = z.object({
  id: z.string(),
  /** Browser and operating system, read from the user agent ("Chrome 120 on Windows"). */
  device: z.string(),
  user_agent: z.string().nullable(),
  ip_address: z.string().nullable(),
  signed_in_at: IsoDateTime,
  /** The last sign-in or token refresh of the session. */
  last_seen_at: IsoDateTime,
  /** A calling app's session rather than the console's. */
  app: z.boolean(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type SignedInSession = z.infer<typeof SignedInSession>;

export const SessionList = z.object({ sessions: z.array(SignedInSession) });

export const SESSION_MESSAGES = {
  ended: 'Session ended',
  othersEnded: (count: number) => `${count} other ${count === 1 ? 'session' : 'sessions'} ended`,
  notFound: 'Session not found',
  confirmEndOthers: 'End every other session? Those devices will have to sign in again.',
  adminNotFound: 'Admin not found',
} as const;

const SessionParams = z.object({ sessionId: z.string().min(1).max(100) });
const AdminSessionParams = z.object({ id: UserId, sessionId: z.string().min(1).max(100) });

export const sessionEndpoints = {
  mine: endpoint({
    method: 'GET',
    path: '/account/sessions',
    tag: 'account',
    access: 'admin',
    permission: 'signed-in',
    response: envelope(SessionList),
  }),
  endMine: endpoint({
    method: 'DELETE',
    path: '/account/sessions/:sessionId',
    tag: 'account',
    access: 'admin',
    permission: 'signed-in',
    params: SessionParams,
    response: SuccessMessage,
  }),
  endOthers: endpoint({
    method: 'POST',
    path: '/account/sessions/end-others',
    tag: 'account',
    access: 'admin',
    permission: 'signed-in',
    response: SuccessMessage,
  }),
  ofAdmin: endpoint({
    method: 'GET',
    path: '/admin/users/:id/sessions',
    tag: 'account',
    access: 'admin',
    permission: 'admins:manage',
    params: z.object({ id: UserId }),
    response: envelope(SessionList),
  }),
  endOfAdmin: endpoint({
    method: 'DELETE',
    path: '/admin/users/:id/sessions/:sessionId',
    tag: 'account',
    access: 'admin',
    permission: 'admins:manage',
    params: AdminSessionParams,
    response: SuccessMessage,
  }),
};
