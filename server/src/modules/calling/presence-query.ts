import { PresenceQuery } from '@switchboard/contract/calling';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { onlineAmong } from '../users/presence.repository.ts';
import { type AppSocket, refused } from './app-socket.ts';

/** `presence_query`: which of the given users are online, on any instance, as `me` may see them (privacy). */
export function handlePresenceQuery(
  socket: AppSocket,
  db: Database,
  me: string,
  log: FastifyBaseLogger,
): void {
  socket.on('presence_query', async (payload: unknown, ack: unknown) => {
    if (typeof ack !== 'function') return;
    const parsed = PresenceQuery.safeParse(payload);
    if (!parsed.success) return ack(refused('invalid'));
    try {
      ack({ ok: true, online: await onlineAmong(db, me, parsed.data.user_ids) });
    } catch (err) {
      log.warn({ err }, 'presence query failed');
      ack(refused('unavailable'));
    }
  });
}
