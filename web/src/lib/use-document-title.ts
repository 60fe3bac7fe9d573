import { useEffect } from 'react';
import { useAppConfig } from '@/lib/app-config-context.tsx';

/** The product's name when /config.json gives none; the App Name setting replaces it. */
export const TITLE_SUFFIX = 'Switchboard';

/** "Calls · Switchboard"; no screen name gives the product alone. */
export const documentTitle = (screen?: string | null, appName: string = TITLE_SUFFIX) =>
  screen ? `${screen} · ${appName}` : appName;

/**
 * Names the browser tab (and the history entry) after the screen and the App Name. The router sets each
 * screen's own (`ScreenTitle` in app/routes.tsx); a screen that shows one thing may call it again with a
 * more precise name ("alice · Users"), which wins because a child's effect runs after its route's.
 */
export function useDocumentTitle(screen?: string | null): void {
  const title = documentTitle(screen, useAppConfig().app.name);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
