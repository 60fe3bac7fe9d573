import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Acts once on a flag in the URL (`?new=1`, set by a link such as the command palette's "New
 * notification"), then takes it off the URL so a reload or Back does not act again.
 */
export function useUrlFlag(name: string, onFound: () => void, enabled = true): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const found = searchParams.has(name);
  const act = useRef(onFound);
  act.current = onFound;

  useEffect(() => {
    if (!found || !enabled) return;
    act.current();
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [found, enabled, name, setSearchParams]);
}
