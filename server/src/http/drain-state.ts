/**
 * Whether this instance is stopping: from the first moment of a stop, readiness answers 503 `draining` so
 * the load balancer sends nothing new here, and the socket server takes no new connections or calls
 * while the ones it holds move to other instances (run-server.ts's shutdown).
 */
export interface DrainState {
  readonly draining: boolean;
  start(): void;
}

export function createDrainState(): DrainState {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    start() {
      draining = true;
    },
  };
}
