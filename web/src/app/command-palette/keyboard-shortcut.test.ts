import { describe, expect, it } from 'vitest';
import { shortcutOf } from './keyboard-shortcut.ts';

const press = (key: string, target: HTMLElement, init: KeyboardEventInit = {}) => {
  let event: KeyboardEvent | undefined;
  target.addEventListener('keydown', (e) => {
    event = e;
  });
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, ...init }));
  if (!event) throw new Error('no event');
  return shortcutOf(event);
};

describe('console keyboard shortcuts', () => {
  it('opens the palette on Ctrl+K or ⌘K, even from a text field', () => {
    const input = document.body.appendChild(document.createElement('input'));
    expect(press('k', input, { ctrlKey: true })).toBe('palette');
    expect(press('K', document.body, { metaKey: true })).toBe('palette');
  });

  it("takes '/' and '?' only when the key would not be typed into a field", () => {
    const button = document.body.appendChild(document.createElement('button'));
    expect(press('/', button)).toBe('palette');
    expect(press('?', document.body, { shiftKey: true })).toBe('shortcuts');
    const input = document.body.appendChild(document.createElement('input'));
    expect(press('/', input)).toBeNull();
    const area = document.body.appendChild(document.createElement('textarea'));
    expect(press('?', area)).toBeNull();
    expect(press('a', document.body)).toBeNull();
  });
});
