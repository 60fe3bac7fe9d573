import type { Socket } from 'socket.io-client';

/**
 * Resolves once the socket is connected, rejects on a refused connection. A socket may connect while
 * the test awaits something else before asking; it is connected already then.
 */
export const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });

/** Emits `event` and resolves with the server's acknowledgement. */
export const ask = <T>(socket: Socket, event: string, payload: unknown) =>
  new Promise<T>((resolve) => socket.emit(event, payload, resolve));

/** Resolves with the next `event` the socket hears, acknowledging it as an app does (relayed signalling). */
export const next = <T>(socket: Socket, event: string) =>
  new Promise<T>((resolve) =>
    socket.once(event, (payload: T, ack?: unknown) => {
      if (typeof ack === 'function') ack({ ok: true });
      resolve(payload);
    }),
  );
