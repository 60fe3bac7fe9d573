import { CALL_REFUSALS, type CallRefusalCode } from '@switchboard/contract/calling';
import type { AppClientToServerEvents, AppServerToClientEvents } from '@switchboard/contract/realtime';
import type { Namespace, Socket } from 'socket.io';

/** What the handshake leaves on every `/app` socket. */
export interface AppSocketData {
  userId: string;
  username: string;
  /** The calls this socket carries (it joined their rooms), and its side in each. */
  calls: Map<number, CallSide>;
}

export type CallSide = 'caller' | 'callee';

export type AppNamespace = Namespace<
  AppClientToServerEvents,
  AppServerToClientEvents,
  Record<string, never>,
  AppSocketData
>;
export type AppSocket = Socket<
  AppClientToServerEvents,
  AppServerToClientEvents,
  Record<string, never>,
  AppSocketData
>;

export type Refused = { ok: false; code: CallRefusalCode; message: string };

export const refused = (code: CallRefusalCode): Refused => ({
  ok: false,
  code,
  message: CALL_REFUSALS[code],
});

/** The socket.io acknowledgement callback, or a no-op when the client asked for none. */
export function replyTo<R>(ack: unknown): (reply: R) => void {
  return typeof ack === 'function' ? (ack as (reply: R) => void) : () => undefined;
}
