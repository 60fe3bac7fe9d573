import { type RefObject, useMemo, useRef } from 'react';

/**
 * Where keyboard focus goes when a dialog closes. The dialogs here open from state, not from a Radix
 * Trigger, so Radix has nothing to return focus to and it would fall to <body>. The opener is
 * remembered from the click (Safari does not focus a clicked button, so document.activeElement
 * would not do); when it is gone or disabled by then (its row was deleted), focus goes to `fallback`.
 */
export function useReturnFocus(fallback: RefObject<HTMLElement | null>) {
  const opener = useRef<HTMLElement | null>(null);
  return useMemo(
    () => ({
      remember(element: HTMLElement | null) {
        opener.current = element;
      },
      /** The opener is about to disappear (e.g. its row was deleted): go to the fallback instead. */
      forget() {
        opener.current = null;
      },
      /** For DialogContent's onCloseAutoFocus. */
      onCloseAutoFocus(event: Event) {
        event.preventDefault();
        const element = opener.current;
        opener.current = null;
        const usable = element?.isConnected && !element.matches(':disabled');
        (usable ? element : fallback.current)?.focus();
      },
    }),
    [fallback],
  );
}
