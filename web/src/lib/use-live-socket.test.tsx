import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useLiveSocket } from './use-live-socket.ts';

const fake = vi.hoisted(() => {
  const listeners = new Map<string, (...args: unknown[]) => void>();
  return {
    listeners,
    emit: (event: string, ...args: unknown[]) => listeners.get(event)?.(...args),
    socket: {
      on: (event: string, listener: (...args: unknown[]) => void) => listeners.set(event, listener),
      removeAllListeners: () => listeners.clear(),
      close: () => undefined,
      connect: () => undefined,
    },
  };
});
vi.mock('socket.io-client', () => ({ io: () => fake.socket }));

describe('useLiveSocket', () => {
  it('is connecting until the server first answers, then connected or disconnected', () => {
    const { result } = renderHook(() => useLiveSocket({}));
    expect(result.current).toEqual({ connected: false, state: 'connecting' });
    act(() => fake.emit('connect'));
    expect(result.current).toEqual({ connected: true, state: 'connected' });
    act(() => fake.emit('disconnect', 'transport close'));
    expect(result.current).toEqual({ connected: false, state: 'disconnected' });
  });

  it('reads disconnected when the first attempt is refused', () => {
    const { result } = renderHook(() => useLiveSocket({}));
    act(() => fake.emit('connect_error', new Error('refused')));
    expect(result.current.state).toBe('disconnected');
  });
});
