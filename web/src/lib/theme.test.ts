import { THEME_BOOT_SCRIPT, THEME_STORAGE_KEY } from '@switchboard/contract/theme-boot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  applyTheme,
  readThemePreference,
  resolveTheme,
  storeThemePreference,
  type ThemePreference,
} from '@/lib/theme.ts';

const root = document.documentElement;

/** A system in light or dark, with a change event the test can fire. */
function systemScheme(dark: boolean) {
  const listeners: (() => void)[] = [];
  const list = {
    matches: dark,
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_: string, listener: () => void) => listeners.push(listener),
    removeEventListener() {},
  };
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      (query === list.media ? list : { matches: false, addEventListener() {} }) as unknown as MediaQueryList,
  );
  return {
    change(nowDark: boolean) {
      list.matches = nowDark;
      for (const listener of listeners) listener();
    },
  };
}

afterEach(() => {
  localStorage.clear();
  root.classList.remove('dark');
});

describe('the theme preference', () => {
  it('follows the system until the admin chooses light or dark', () => {
    expect(readThemePreference()).toBe('system');
    storeThemePreference('dark');
    expect(readThemePreference()).toBe('dark');
    storeThemePreference('light');
    expect(readThemePreference()).toBe('light');
    storeThemePreference('system');
    expect(readThemePreference()).toBe('system');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });

  it('treats an unknown stored value, or storage that refuses, as following the system', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    expect(readThemePreference()).toBe('system');
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    };
    expect(readThemePreference(refusing)).toBe('system');
    expect(() => storeThemePreference('dark', refusing)).not.toThrow();
  });

  it('resolves System to the system scheme and a choice to itself', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('puts the dark class on <html> for dark, and takes it off for light', () => {
    systemScheme(true);
    applyTheme('dark');
    expect(root).toHaveClass('dark');
    applyTheme('light');
    expect(root).not.toHaveClass('dark');
    applyTheme('system');
    expect(root).toHaveClass('dark');
  });
});

describe('the boot script in index.html', () => {
  const runBootScript = () => new Function(THEME_BOOT_SCRIPT)();

  it.each([
    ['dark', false],
    ['dark', true],
    ['light', false],
    ['light', true],
    ['system', false],
    ['system', true],
  ] as [ThemePreference, boolean][])(
    'agrees with the console for %s on a dark system: %s',
    (preference, dark) => {
      systemScheme(dark);
      storeThemePreference(preference);
      runBootScript();
      expect(root.classList.contains('dark')).toBe(resolveTheme(readThemePreference(), dark) === 'dark');
    },
  );

  it('follows a change of the system scheme while no choice is stored, and not after one', () => {
    const system = systemScheme(false);
    runBootScript();
    expect(root).not.toHaveClass('dark');
    system.change(true);
    expect(root).toHaveClass('dark');

    storeThemePreference('light');
    system.change(false);
    system.change(true);
    expect(root).not.toHaveClass('dark');
  });
});
