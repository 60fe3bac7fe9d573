import { describe, expect, it } from 'vitest';
import { CONSOLE_SCREENS, STANDALONE_ENTRIES } from '@/app/console-screens.ts';
import { SCREEN_ICONS } from './screen-icons.ts';

describe('the sidebar icons', () => {
  it('give every sidebar entry an icon, and name no entry that is gone', () => {
    const paths = [...CONSOLE_SCREENS, ...STANDALONE_ENTRIES].map((entry) => entry.path).sort();
    expect(Object.keys(SCREEN_ICONS).sort()).toEqual(paths);
  });
});
