import { APP_NAMESPACE, type AppCall, callRoom } from '@switchboard/contract/calling';
import {
  type AppClientToServerEvents,
  type AppServerToClientEvents,
  type ClientToServerEvents,
  type ServerToClientEvents,
  userRoom,
} from '@switchboard/contract/realtime';
import type { Namespace, Server } from 'socket.io';
import type { UserPush } from '../app-deps.ts';

/** Rooms per emit: one emit names many rooms, so a broadcast to 100k users is a few hundred emits. */
const ROOMS_PER_EMIT = 500;

const LIVE_STATUSES: readonly AppCall['status'][] = ['ringing', 'active'];

/** The room of every console socket signed in as that admin (calling-app sockets use `userRoom`). */
export const accountRoom = (userId: string) => `account:${userId}`;

export function createUserPush(): UserPush {
  let server: Server<ClientToServerEvents, ServerToClientEvents> | null = null;
  const app = (): Namespace<AppClientToServerEvents, AppServerToClientEvents> | null =>
    server ? (server.of(APP_NAMESPACE) as Namespace<AppClientToServerEvents, AppServerToClientEvents>) : null;
  return {
    attach(io) {
      server = io;
    },
    toUsers(userIds, event, payload) {
      const ns = app();
      if (!ns) return;
      for (let i = 0; i < userIds.length; i += ROOMS_PER_EMIT) {
        const rooms = userIds.slice(i, i + ROOMS_PER_EMIT).map(userRoom);
        // Typed through the union of the two events: socket.io's emit cannot narrow a generic event name.
        (ns.to(rooms).emit as (e: string, p: unknown) => boolean)(event, payload);
      }
    },
    callChanged(call, options = {}) {
      const ns = app();
      if (!ns) return;
      if (options.incoming) {
        ns.to(userRoom(call.callee_id)).emit('call_incoming', call);
        ns.to(userRoom(call.caller_id)).emit('call_state', call);
      } else {
        ns.to([userRoom(call.caller_id), userRoom(call.callee_id)]).emit('call_state', call);
      }
      if (!LIVE_STATUSES.includes(call.status)) ns.in(callRoom(call.id)).socketsLeave(callRoom(call.id));
    },
    disconnectUsers(userIds) {
      if (!server) return;
      const ns = app();
      for (let i = 0; i < userIds.length; i += ROOMS_PER_EMIT) {
        const ids = userIds.slice(i, i + ROOMS_PER_EMIT);
        ns?.in(ids.map(userRoom)).disconnectSockets(true);
        server.in([...ids.map(userRoom), ...ids.map(accountRoom)]).disconnectSockets(true);
      }
    },
  };
}
