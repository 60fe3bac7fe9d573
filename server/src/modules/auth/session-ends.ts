import type { SessionEnds } from '../../app-deps.ts';

/** Session ends announced in this process; the realtime server subscribes and closes the sockets. */
export function createSessionEnds(): SessionEnds {
  const listeners = new Set<(sessionId: string) => void>();
  return {
    ended: (sessionId) => {
      for (const listener of listeners) listener(sessionId);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
