import {
  type ClientToServerEvents,
  type ServerToClientEvents,
  userRoom,
} from '@switchboard/contract/realtime';
import type { Server } from 'socket.io';
import type { UserPush } from '../app-deps.ts';

/** Rooms per emit: one emit names many rooms, so a broadcast to 100k users is a few hundred emits. */
const ROOMS_PER_EMIT = 500;

/** The room of every console socket signed in as that admin (calling-app sockets use `userRoom`). */
export const accountRoom = (userId: string) => `account:${userId}`;

export function createUserPush(): UserPush {
  let server: Server<ClientToServerEvents, ServerToClientEvents> | null = null;
  return {
    attach(io) {
      server = io;
    },
    toUsers(userIds, event, payload) {
      if (!server) return;
      for (let i = 0; i < userIds.length; i += ROOMS_PER_EMIT) {
        const rooms = userIds.slice(i, i + ROOMS_PER_EMIT).map(userRoom);
        // Typed through the union of the two events: socket.io's emit cannot narrow a generic event name.
        (server.to(rooms).emit as (e: string, p: unknown) => boolean)(event, payload);
      }
    },
    disconnectUsers(userIds) {
      if (!server) return;
      for (let i = 0; i < userIds.length; i += ROOMS_PER_EMIT) {
        const ids = userIds.slice(i, i + ROOMS_PER_EMIT);
        server.in([...ids.map(userRoom), ...ids.map(accountRoom)]).disconnectSockets(true);
      }
    },
  };
}
