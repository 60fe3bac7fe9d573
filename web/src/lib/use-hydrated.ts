import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in the build's prerender and while React hydrates that markup, true once the page answers to
 * input. A control whose action needs JavaScript stays disabled until then, so a click on the
 * prerendered page is never a native form submission.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
