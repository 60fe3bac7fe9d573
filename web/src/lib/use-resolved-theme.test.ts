import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useResolvedTheme } from '@/lib/use-resolved-theme.ts';

afterEach(() => document.documentElement.classList.remove('dark'));

describe('useResolvedTheme', () => {
  it('follows the dark class on <html> as it comes and goes', async () => {
    const { result } = renderHook(() => useResolvedTheme());
    expect(result.current).toBe('light');
    await act(async () => {
      document.documentElement.classList.add('dark');
      await Promise.resolve();
    });
    expect(result.current).toBe('dark');
    await act(async () => {
      document.documentElement.classList.remove('dark');
      await Promise.resolve();
    });
    expect(result.current).toBe('light');
  });
});
