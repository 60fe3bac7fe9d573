import { useRef } from 'react';

/**
 * For lists that answer `next_cursor`: remembers, per filter set, the cursor that starts each page
 * the user has reached by stepping forward, so the next page is read by keyset rather than OFFSET.
 * A page jumped to directly has no cursor and is read by its number; the rows are the same either way.
 */
export function usePageCursors(filters: unknown) {
  const key = JSON.stringify(filters);
  const ref = useRef({ key, cursors: new Map<number, string>() });
  if (ref.current.key !== key) ref.current = { key, cursors: new Map() };
  const { cursors } = ref.current;
  return {
    cursorFor: (page: number) => cursors.get(page),
    remember(page: number, nextCursor: string | null) {
      if (nextCursor) cursors.set(page + 1, nextCursor);
    },
  };
}
