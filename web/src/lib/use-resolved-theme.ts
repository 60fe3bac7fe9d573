import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

const isDark = () => document.documentElement.classList.contains('dark');

/**
 * The theme on screen, as the `dark` class on <html> says (set by the boot script and the top bar's
 * menu), for the few parts that take a theme instead of reading the palette (the toasts).
 */
export function useResolvedTheme(): 'light' | 'dark' {
  return useSyncExternalStore(
    subscribe,
    () => (isDark() ? 'dark' : 'light'),
    () => 'light',
  );
}
