import { notificationsEndpoints } from '@switchboard/contract/notifications';
import { securityEndpoints } from '@switchboard/contract/security';
import { CONSOLE_SCREENS, type SidebarEntry, STANDALONE_ENTRIES } from '@/app/console-screens.ts';
import type { Needed } from '@/lib/permissions.ts';

/** One thing the palette offers: going somewhere in the console. */
export interface PaletteCommand {
  id: string;
  label: string;
  /** Where choosing it goes. */
  to: string;
  /** Shown beside the label, dimmed (a user's e-mail). */
  hint?: string;
  /** Extra words it is found by (the group of a screen, synonyms of an action). */
  keywords?: string;
}

/** Every screen the sidebar lists, plus the admin's own account (opened from the top bar). */
const SCREEN_ENTRIES: readonly SidebarEntry[] = [...CONSOLE_SCREENS, ...STANDALONE_ENTRIES];

interface Action extends PaletteCommand {
  /** What the admin's role must allow: the endpoint the action ends by calling. */
  needs: Needed;
}

/** Frequent actions: each opens the screen that does it, ready to do it. */
const ACTIONS: readonly Action[] = [
  {
    id: 'action:block-ip',
    label: 'Block an IP',
    to: '/security?tab=blocked#block-ip',
    keywords: 'security address ban firewall',
    needs: securityEndpoints.block,
  },
  {
    id: 'action:new-notification',
    label: 'New notification',
    to: '/notifications?new=1',
    keywords: 'create send push notify broadcast',
    needs: notificationsEndpoints.create,
  },
];

type Can = (needed: Needed) => boolean;

/** The screens the admin may open, in sidebar order; the same test the sidebar applies. */
export function screenCommands(can: Can): PaletteCommand[] {
  const screens = SCREEN_ENTRIES.filter((entry) => can(entry.permission)).map((entry) => ({
    id: `screen:${entry.path}`,
    label: entry.title,
    to: entry.path,
    keywords: entry.group,
  }));
  return [
    ...screens,
    { id: 'screen:/account', label: 'Account', to: '/account', keywords: 'profile password' },
  ];
}

/** The actions the admin's role allows. */
export function actionCommands(can: Can): PaletteCommand[] {
  return ACTIONS.filter((action) => can(action.needs)).map(({ needs: _, ...command }) => command);
}

/** A call id as an admin would type it: digits, with or without a leading '#'. */
const CALL_ID = /^#?\s*(\d{1,15})$/;

/** The call id the text names, when it reads as one. */
export function callIdOf(text: string): number | null {
  const match = CALL_ID.exec(text.trim());
  if (!match?.[1]) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** "Open call 42", when the text reads as a call id and the admin may read calls. */
export function callCommand(text: string, can: Can): PaletteCommand | null {
  const id = callIdOf(text);
  if (id === null || !can('calls:read')) return null;
  return { id: `call:${id}`, label: `Open call ${id}`, to: `/calls?call=${id}` };
}

const words = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean);

/**
 * The commands whose label or keywords hold every word typed (each as the start of a word or anywhere
 * in the label), best first: a label that starts with the text, then a word of it, then the rest.
 */
export function matchCommands(commands: readonly PaletteCommand[], text: string): PaletteCommand[] {
  const typed = words(text);
  if (typed.length === 0) return [...commands];
  const scored: { command: PaletteCommand; score: number }[] = [];
  for (const command of commands) {
    const label = command.label.toLowerCase();
    const haystack = `${label} ${command.keywords?.toLowerCase() ?? ''}`;
    if (!typed.every((word) => haystack.includes(word))) continue;
    const whole = typed.join(' ');
    const score = label.startsWith(whole)
      ? 0
      : words(label).some((w) => w.startsWith(typed[0] ?? ''))
        ? 1
        : 2;
    scored.push({ command, score });
  }
  return scored.sort((a, b) => a.score - b.score).map(({ command }) => command);
}

/** The shortcuts the console answers to, for the '?' list and the palette's hints. */
export const KEYBOARD_SHORTCUTS: readonly { keys: readonly string[]; does: string }[] = [
  { keys: ['Ctrl', 'K'], does: 'Open the command palette (⌘ K on a Mac)' },
  { keys: ['/'], does: 'Open the command palette, when not typing in a field' },
  { keys: ['?'], does: 'Show these keyboard shortcuts, when not typing in a field' },
  { keys: ['↑', '↓'], does: 'Move through the palette’s results' },
  { keys: ['Enter'], does: 'Open the highlighted result' },
  { keys: ['Esc'], does: 'Close the palette or this list' },
];
