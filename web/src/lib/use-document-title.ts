import { useEffect } from 'react';

/** The product's name, after the screen's in every tab title. */
export const TITLE_SUFFIX = 'Switchboard';

/** "Calls · Switchboard"; no screen name gives the product alone. */
export const documentTitle = (screen?: string | null) =>
  screen ? `${screen} · ${TITLE_SUFFIX}` : TITLE_SUFFIX;

/**
 * Names the browser tab (and the history entry) after the screen. The router sets each screen's own
 * (`ScreenTitle` in app/routes.tsx); a screen that shows one thing may call it again with a more
 * precise name ("alice · Users"), which wins because a child's effect runs after its route's.
 */
export function useDocumentTitle(screen?: string | null): void {
  const title = documentTitle(screen);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
