import { type AppCall, callRoom } from '@switchboard/contract/calling';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { callsToResync } from '../calls/calls-to-resync.repository.ts';
import type { AppNamespace, AppSocket } from './app-socket.ts';

/** How often, while the link between instances is down, this instance reads its sockets' calls. */
export const CALL_RESYNC_MS = 2000;

const LIVE: readonly AppCall['status'][] = ['ringing', 'active'];

/**
 * The fallback path for call news while Redis is down. A change made on another instance (an answer, a
 * hang-up, the ring time-out, a re-attach) reaches this instance's sockets through the Redis adapter; while
 * Redis is down that publish is lost. So, while it is down, every CALL_RESYNC_MS this instance reads from
 * the database the calls its sockets carry and the calls ringing for its users, and tells its own sockets
 * (`call_state`, `call_incoming`) what they have not heard from it yet: an invite placed during the outage
 * rings, and its answer, its end or its ring time-out (`ring_timeout`) reach the caller. The first read of
 * an outage and the one when Redis returns tell every carried call as it stands (a `call_state` repeats
 * what a client knows; each event is the whole call, so hearing it twice changes nothing), covering what
 * was published between Redis going and this instance noticing, and between the last read and its return.
 * `call_incoming` is told once per socket and call.
 */
export function startCallResync(
  ns: AppNamespace,
  db: Database,
  log: FastifyBaseLogger,
  linkUp: () => boolean,
  everyMs = CALL_RESYNC_MS,
): { stop(): void } {
  let down = false;
  let running = false;
  /** Per socket: what it was last told of each call by this module, as JSON. */
  let told = new Map<string, Map<string, string>>();

  const tell = (socket: AppSocket, event: 'call_state' | 'call_incoming', call: AppCall, full: boolean) => {
    const mine = told.get(socket.id) ?? new Map<string, string>();
    told.set(socket.id, mine);
    const key = `${event}:${call.id}`;
    const print = JSON.stringify(call);
    const before = mine.get(key);
    if (event === 'call_incoming' ? before !== undefined : !full && before === print) return;
    mine.set(key, print);
    socket.emit(event, call);
  };

  const pass = async (full: boolean) => {
    const sockets = [...ns.sockets.values()];
    if (sockets.length === 0) return;
    const carried = new Set<number>();
    const users = new Set<string>();
    for (const socket of sockets) {
      users.add(socket.data.userId);
      for (const id of socket.data.calls.keys()) carried.add(id);
    }
    const calls = await callsToResync(db, [...carried], [...users]);
    const byId = new Map(calls.map((call) => [call.id, call]));
    const present = new Set<string>();
    for (const socket of sockets) {
      present.add(socket.id);
      for (const id of socket.data.calls.keys()) {
        const call = byId.get(id);
        if (!call) continue;
        tell(socket, 'call_state', call, full);
        if (!LIVE.includes(call.status) && socket.rooms.has(callRoom(id))) await socket.leave(callRoom(id));
      }
      for (const call of calls)
        if (
          call.status === 'ringing' &&
          call.callee_id === socket.data.userId &&
          !socket.data.calls.has(call.id)
        )
          tell(socket, 'call_incoming', call, full);
    }
    for (const id of told.keys()) if (!present.has(id)) told.delete(id);
  };

  const timer = setInterval(() => {
    if (running) return;
    const up = linkUp();
    if (up && !down) return;
    running = true;
    // The first read of an outage, or the one at its end, tells every carried call as it stands.
    pass(up || !down)
      .then(() => {
        down = !up;
        // Back: the instances hear each other again; the next outage starts afresh.
        if (up) told = new Map();
      })
      .catch((err: unknown) => log.warn({ err }, 'call resync failed'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
