import { userRoom } from '@switchboard/contract/realtime';
import { SETTINGS_MESSAGES } from '@switchboard/contract/settings';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { AppDeps } from '../../app-deps.ts';
import { clientAddress } from '../../http/client-address.ts';
import { createSocketCaps } from '../../http/socket-caps.ts';
import { authenticateAccount } from '../auth/authenticate.ts';
import { liveSettings } from '../settings/live-settings.ts';
import type { AppNamespace } from './app-socket.ts';

export const appSessionRoom = (sessionId: string) => `app-session:${sessionId}`;

export const underMaintenance = async (deps: AppDeps) =>
  (await liveSettings(deps.db).get()).app.maintenance_mode;

/**
 * Who may open an `/app` socket: an active account with a valid access token, from an address that is not
 * blocked, while the app is not under maintenance. The socket joins its user's room, which suspending or
 * deleting the user closes on every instance (userPush.disconnectUsers).
 */
export function installAppHandshake(
  ns: AppNamespace,
  deps: AppDeps,
  log: FastifyBaseLogger,
  isBlocked: (socket: Socket) => Promise<boolean>,
): void {
  // One token or one address must not open sockets without end, as on the console's namespace.
  const caps = createSocketCaps();
  ns.use(async (socket, next) => {
    let release: (() => void) | undefined;
    try {
      if (await isBlocked(socket as unknown as Socket)) return next(new Error('Access denied'));
      const token = socket.handshake.auth?.token;
      const account = await authenticateAccount(deps, typeof token === 'string' ? token : null);
      if (!account) return next(new Error('Not authenticated'));
      // Maintenance closes the app's doors, the socket as the HTTP API: no new connections, no new calls.
      if (await underMaintenance(deps)) return next(new Error(SETTINGS_MESSAGES.maintenance));
      const place = caps.take(
        account.sessionId,
        clientAddress((socket as unknown as Socket).request, deps.config.trustProxy) ?? 'unknown',
      );
      if ('refused' in place) return next(new Error(place.refused));
      release = place.release;
      socket.once('disconnect', release);
      socket.data.userId = account.id;
      socket.data.username = account.username;
      socket.data.sessionId = account.sessionId;
      socket.data.calls = new Map();
      // The session's room lets its end (logout, revoke) reach this socket from any instance.
      await socket.join([userRoom(account.id), appSessionRoom(account.sessionId)]);
      next();
    } catch (err) {
      release?.();
      log.warn({ err }, 'app socket authentication failed');
      next(new Error('Authentication unavailable'));
    }
  });
}
