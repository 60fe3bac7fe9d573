/**
 * Told when a session ends (logout, a replayed refresh token), so that whatever holds it open
 * (the realtime server's sockets, on every instance) lets go at once.
 */
export interface SessionEnds {
  ended(sessionId: string): void;
  subscribe(listener: (sessionId: string) => void): () => void;
}

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
