/** Open sockets one signed-in session may hold on one instance (a few browser tabs). */
export const MAX_SOCKETS_PER_SESSION = 10;
/** Open sockets one client address may hold on one instance (an office behind one NAT). */
export const MAX_SOCKETS_PER_ADDRESS = 50;

export const SOCKET_CAP_MESSAGES = {
  session: `Too many open connections for this session (at most ${MAX_SOCKETS_PER_SESSION}); close other tabs and retry`,
  address: `Too many open connections from this address (at most ${MAX_SOCKETS_PER_ADDRESS})`,
} as const;

/**
 * Counts this instance's open sockets per session and per address. `take` claims a place or says
 * which cap refuses it; the returned release gives the place back when the socket closes.
 */
export function createSocketCaps() {
  const perSession = new Map<string, number>();
  const perAddress = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, by: number) => {
    const next = (map.get(key) ?? 0) + by;
    if (next <= 0) map.delete(key);
    else map.set(key, next);
  };
  return {
    take(sessionId: string, address: string): { refused: string } | { release: () => void } {
      if ((perSession.get(sessionId) ?? 0) >= MAX_SOCKETS_PER_SESSION)
        return { refused: SOCKET_CAP_MESSAGES.session };
      if ((perAddress.get(address) ?? 0) >= MAX_SOCKETS_PER_ADDRESS)
        return { refused: SOCKET_CAP_MESSAGES.address };
      add(perSession, sessionId, 1);
      add(perAddress, address, 1);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          add(perSession, sessionId, -1);
          add(perAddress, address, -1);
        },
      };
    },
  };
}
