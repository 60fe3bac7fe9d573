import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePageCursors } from './use-page-cursors.ts';

describe('usePageCursors', () => {
  it('gives the page after a loaded page its cursor, and forgets them all when the filters change', () => {
    const { result, rerender } = renderHook(({ filters }) => usePageCursors(filters), {
      initialProps: { filters: { level: 'ERROR' } as object },
    });
    result.current.remember(1, 'c2');
    result.current.remember(2, null);
    expect(result.current.cursorFor(2)).toBe('c2');
    expect(result.current.cursorFor(3)).toBeUndefined();
    rerender({ filters: { level: 'ERROR' } });
    expect(result.current.cursorFor(2)).toBe('c2');
    rerender({ filters: { level: 'INFO' } });
    expect(result.current.cursorFor(2)).toBeUndefined();
  });
});
