import { useMemo, useState } from 'react';

const EMPTY: ReadonlySet<string> = new Set();

/**
 * Checked rows of the page on screen. The selection belongs to one `scope` (page + search + filter):
 * when the scope changes it is dropped, so a bulk action never reaches rows the admin cannot see.
 * Ids that left the page (e.g. deleted) drop out too.
 */
export function useRowSelection(scope: string, visibleIds: readonly string[]) {
  const [state, setState] = useState<{ scope: string; ids: ReadonlySet<string> }>({ scope, ids: EMPTY });
  // Reset during render (React's pattern for state derived from props), so coming back to a scope starts empty.
  if (state.scope !== scope) setState({ scope, ids: EMPTY });

  const selected = useMemo(() => {
    if (state.scope !== scope) return EMPTY;
    return new Set(visibleIds.filter((id) => state.ids.has(id))) as ReadonlySet<string>;
  }, [state, scope, visibleIds]);

  const replace = (ids: ReadonlySet<string>) => setState({ scope, ids });

  return {
    selected,
    toggle(id: string, on: boolean) {
      const next = new Set(selected);
      if (on) next.add(id);
      else next.delete(id);
      replace(next);
    },
    toggleAll(on: boolean) {
      replace(on ? new Set(visibleIds) : EMPTY);
    },
    replace,
    clear() {
      replace(EMPTY);
    },
  };
}
