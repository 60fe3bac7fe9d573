/** What a key press in the console asks the palette for, if anything. */
export type ShortcutAsk = 'palette' | 'shortcuts' | null;

/** Whether the key goes into a field (text inputs, text areas, editable content, selects). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type);
}

/**
 * Ctrl+K (⌘K on a Mac) opens the palette anywhere, even while typing; '/' opens it and '?' lists the
 * shortcuts only when the key would not go into a field.
 */
export function shortcutOf(event: KeyboardEvent): ShortcutAsk {
  if (event.defaultPrevented || event.isComposing) return null;
  if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') return 'palette';
  if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return null;
  if (event.key === '/') return 'palette';
  if (event.key === '?') return 'shortcuts';
  return null;
}
