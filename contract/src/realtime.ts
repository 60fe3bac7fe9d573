import type { AlertEvent, MetricsSample } from './monitoring.ts';

/** Socket.io events: path /socket.io, server → console. */
export const SOCKET_PATH = '/socket.io';

export interface ServerToClientEvents {
  /** Users of the calling app online right now. */
  online_users: (count: number) => void;
  /** Calls ringing or in progress right now. */
  active_calls: (count: number) => void;
  /** Each instance's measurements, every few seconds, from every instance (through the Redis adapter). */
  metrics: (sample: MetricsSample) => void;
  /** An alert raised or cleared on any instance. */
  alert: (alert: AlertEvent) => void;
}

export type ClientToServerEvents = Record<string, never>;

/** How often each server instance pushes the live counts to its own sockets. */
export const LIVE_COUNTS_INTERVAL_MS = 5000;
