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
  /** A notification sent to the user of room `user:<id>` (calling-app sockets). */
  notification: (payload: UserNotificationEvent) => void;
  /** An official message sent to the user of room `user:<id>`. */
  official_message: (payload: UserOfficialMessageEvent) => void;
}

export interface UserNotificationEvent {
  id: number;
  title: string;
  message: string;
  type: string;
  priority: string;
  sent_at: string;
}

export interface UserOfficialMessageEvent {
  id: number;
  title: string;
  content: string;
  message_type: string;
  priority: string;
  is_important: boolean;
  is_sticky: boolean;
  is_urgent: boolean;
  image_url: string | null;
  image_alt: string | null;
  sent_at: string;
}

/** The room every socket of one calling-app user joins. */
export const userRoom = (userId: string) => `user:${userId}`;

export type ClientToServerEvents = Record<string, never>;

/** How often each server instance pushes the live counts to its own sockets. */
export const LIVE_COUNTS_INTERVAL_MS = 5000;
