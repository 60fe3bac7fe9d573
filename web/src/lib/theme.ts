import { THEME_STORAGE_KEY } from '@switchboard/contract/theme-boot';

/** What the admin chose in the top bar; 'system' follows the device's light or dark setting. */
export type ThemePreference = 'light' | 'dark' | 'system';

export const THEME_PREFERENCES: readonly ThemePreference[] = ['light', 'dark', 'system'];

export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

/** The stored choice; anything else (nothing stored, storage refused, an old value) follows the system. */
export function readThemePreference(
  storage: Pick<Storage, 'getItem'> | undefined = safeStorage(),
): ThemePreference {
  try {
    const stored = storage?.getItem(THEME_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

/** Remembers the choice for the next visit; 'system' is stored as no choice, as the boot script reads it. */
export function storeThemePreference(
  preference: ThemePreference,
  storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined = safeStorage(),
): void {
  try {
    if (preference === 'system') storage?.removeItem(THEME_STORAGE_KEY);
    else storage?.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Private browsing may refuse storage: the choice then lasts for this page only.
  }
}

export function resolveTheme(preference: ThemePreference, systemDark: boolean): 'light' | 'dark' {
  if (preference === 'system') return systemDark ? 'dark' : 'light';
  return preference;
}

/** Sets or clears the `dark` class on <html> that the stylesheet's dark palette hangs on. */
export function applyTheme(preference: ThemePreference, root: HTMLElement = document.documentElement): void {
  const systemDark = typeof matchMedia === 'function' && matchMedia(DARK_SCHEME_QUERY).matches;
  root.classList.toggle('dark', resolveTheme(preference, systemDark) === 'dark');
}

function safeStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}
