import type { AlertEvent, LivePoint, MetricsSample } from '@switchboard/contract/monitoring';
import {
  type ClientToServerEvents,
  type ServerToClientEvents,
  SOCKET_PATH,
} from '@switchboard/contract/realtime';
import { useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { readStoredAccessToken } from './session-storage.ts';

export interface LiveHandlers {
  metrics?: (sample: MetricsSample) => void;
  alert?: (alert: AlertEvent) => void;
  online_users?: (count: number) => void;
  active_calls?: (count: number) => void;
  live_series?: (points: LivePoint[]) => void;
}

/** Socket time-out and first reconnection delay; the delay grows to a few seconds while the server is away. */
const SOCKET_TIMEOUT_MS = 20_000;
const RECONNECT_DELAY_MS = 1000;
const RECONNECT_DELAY_MAX_MS = 5000;

/** `connecting` until the first answer from the server (connected, or refused), then one of the other two. */
export type LiveSocketState = 'connecting' | 'connected' | 'disconnected';

/**
 * The console's socket.io connection while the screen is shown: reconnects by itself (with the current
 * access token each time) and reports whether it is connected, so a screen can poll while it is not.
 */
export function useLiveSocket(handlers: LiveHandlers): { connected: boolean; state: LiveSocketState } {
  const [state, setState] = useState<LiveSocketState>('connecting');
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;

  useEffect(() => {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io({
      path: SOCKET_PATH,
      auth: (cb) => cb({ token: readStoredAccessToken() }),
      timeout: SOCKET_TIMEOUT_MS,
      reconnectionDelay: RECONNECT_DELAY_MS,
      reconnectionDelayMax: RECONNECT_DELAY_MAX_MS,
    });
    socket.on('connect', () => setState('connected'));
    socket.on('disconnect', (reason) => {
      setState('disconnected');
      // A server-side disconnect (token expired, server stopping) is not retried by socket.io itself.
      if (reason === 'io server disconnect') setTimeout(() => socket.connect(), RECONNECT_DELAY_MS);
    });
    socket.on('connect_error', () => setState('disconnected'));
    socket.on('metrics', (sample) => handlersRef.current.metrics?.(sample));
    socket.on('alert', (alert) => handlersRef.current.alert?.(alert));
    socket.on('online_users', (n) => handlersRef.current.online_users?.(n));
    socket.on('active_calls', (n) => handlersRef.current.active_calls?.(n));
    socket.on('live_series', (points) => handlersRef.current.live_series?.(points));
    return () => {
      socket.removeAllListeners();
      socket.close();
    };
  }, []);

  return { connected: state === 'connected', state };
}
