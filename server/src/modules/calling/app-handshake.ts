import { userRoom } from '@switchboard/contract/realtime';
import { SETTINGS_MESSAGES } from '@switchboard/contract/settings';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { AppDeps } from '../../app-deps.ts';
import { authenticateAccount } from '../auth/authenticate.ts';
import { liveSettings } from '../settings/live-settings.ts';
import type { AppNamespace } from './app-socket.ts';

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
  ns.use(async (socket, next) => {
    try {
      if (await isBlocked(socket as unknown as Socket)) return next(new Error('Access denied'));
      const token = socket.handshake.auth?.token;
      const account = await authenticateAccount(deps, typeof token === 'string' ? token : null);
      if (!account) return next(new Error('Not authenticated'));
      // Maintenance closes the app's doors, the socket as the HTTP API: no new connections, no new calls.
      if (await underMaintenance(deps)) return next(new Error(SETTINGS_MESSAGES.maintenance));
      socket.data.userId = account.id;
      socket.data.username = account.username;
      socket.data.calls = new Map();
      await socket.join(userRoom(account.id));
      next();
    } catch (err) {
      log.warn({ err }, 'app socket authentication failed');
      next(new Error('Authentication unavailable'));
    }
  });
}
