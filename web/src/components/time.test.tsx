import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatExactTime, formatRelativeTime } from '@/lib/format.ts';
import { Time } from './time.tsx';

const NOW = Date.parse('2026-11-26T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;

describe('formatRelativeTime', () => {
  it('says how long ago or ahead, in the largest whole unit', () => {
    expect(formatRelativeTime(ago(10_000), NOW)).toBe('just now');
    expect(formatRelativeTime(ago(50_000), NOW)).toBe('1 min. ago');
    expect(formatRelativeTime(ago(3 * MIN), NOW)).toBe('3 min. ago');
    expect(formatRelativeTime(ago(59 * MIN), NOW)).toBe('59 min. ago');
    expect(formatRelativeTime(ago(2 * 60 * MIN), NOW)).toBe('2 hr. ago');
    expect(formatRelativeTime(ago(26 * 60 * MIN), NOW)).toBe('yesterday');
    expect(formatRelativeTime(ago(3 * 24 * 60 * MIN), NOW)).toBe('3 days ago');
    expect(formatRelativeTime(ago(400 * 24 * 60 * MIN), NOW)).toBe('last yr.');
    expect(formatRelativeTime(ago(-5 * MIN), NOW)).toBe('in 5 min.');
  });

  it('shows an unreadable value as sent rather than "Invalid Date"', () => {
    expect(formatRelativeTime('not a date', NOW)).toBe('not a date');
    expect(formatExactTime('not a date')).toBe('not a date');
  });
});

describe('<Time>', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('shows the relative time, with the ISO value machine-readable and the exact time on hover', () => {
    const value = ago(3 * MIN);
    const { container } = render(<Time value={value} />);
    expect(screen.getByText('3 min. ago')).toBeInTheDocument();
    const time = container.querySelector('time');
    expect(time?.getAttribute('datetime')).toBe(value);
    expect(time?.getAttribute('title')).toBe(formatExactTime(value));
    // A screen reader hears the exact time too (the title alone is not read out everywhere).
    expect(screen.getByText(`3 min. ago (${formatExactTime(value)})`)).toHaveClass('sr-only');
  });

  it('moves on every minute without a re-render from its parent', () => {
    render(<Time value={ago(3 * MIN)} />);
    expect(screen.getByText('3 min. ago')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(2 * MIN);
    });
    expect(screen.getByText('5 min. ago')).toBeInTheDocument();
    expect(screen.queryByText('3 min. ago')).toBeNull();
  });

  it('shows the stand-in for no time, and the exact time as text when asked', () => {
    const { rerender, container } = render(<Time value={null} missing="Never" />);
    expect(screen.getByText('Never')).toBeInTheDocument();
    expect(container.querySelector('time')).toBeNull();
    const value = ago(3 * MIN);
    rerender(<Time value={value} exact />);
    expect(screen.getByText(formatExactTime(value))).toBeInTheDocument();
    expect(container.querySelector('time')?.getAttribute('title')).toBe('3 min. ago');
  });
});
