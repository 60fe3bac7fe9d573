import { createContext, useContext } from 'react';

/**
 * Starts fetching the signed-in console (its frame and home screen) while a sign-in lands, so the first
 * signed-in screen does not wait for it. `app/` knows the screens and provides it (`preloadConsole`); the
 * login form calls it. Without a provider it does nothing.
 */
export const ConsolePreload = createContext<() => void>(() => undefined);

export const useConsolePreload = () => useContext(ConsolePreload);
