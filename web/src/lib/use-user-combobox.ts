import type { AdminUserRow } from '@switchboard/contract/users';
import { type KeyboardEvent, useId, useState } from 'react';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { useUserSearch } from '@/lib/use-user-search.ts';

interface UserComboboxOptions {
  /** Called with the chosen user; the box is then emptied for the next search. */
  onPick(user: AdminUserRow): void;
  /** Users not to offer (those already chosen). */
  exclude?: ReadonlySet<string>;
  /** Whether picking closes the list (one user) or leaves it open for the next (several). */
  closeOnPick: boolean;
  /** A key the picker handles itself before the list's keys (Backspace removing the last chip); true if it did. */
  onOtherKey?(event: KeyboardEvent<HTMLInputElement>): boolean;
}

/**
 * The search box of a user picker (Add Coins, a notification's users): typing searches on the server and
 * opens the list; the first down arrow opens it on its first option and the next ones move down it, up
 * moves up, Enter picks the highlighted user, Escape closes the list without closing the dialog around it,
 * and leaving the box closes it. Spread `input` on the Input and `list` (null while closed) on
 * `UserOptionsList`.
 */
export function useUserCombobox({ onPick, exclude, closeOnPick, onOtherKey }: UserComboboxOptions) {
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useDebouncedValue(text.trim(), 250);
  const { data: found = [], isFetching, isError } = useUserSearch(search, open);
  const options = exclude ? found.filter((user) => !exclude.has(user.id)) : found;

  const pick = (user: AdminUserRow) => {
    onPick(user);
    setText('');
    setActive(0);
    if (closeOnPick) setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (onOtherKey?.(event)) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (open) setActive((i) => Math.min(i + 1, options.length - 1));
      else {
        setActive(0);
        setOpen(true);
      }
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter' && open && options[active]) {
      event.preventDefault();
      pick(options[active]);
    } else if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
    }
  };

  return {
    text,
    open,
    /** What the box holds after a keystroke: searched, with the list open on its first option. */
    type(value: string) {
      setText(value);
      setActive(0);
      setOpen(true);
    },
    input: {
      role: 'combobox' as const,
      'aria-expanded': open,
      'aria-controls': listId,
      'aria-autocomplete': 'list' as const,
      'aria-activedescendant': open && options[active] ? `${listId}-${active}` : undefined,
      autoComplete: 'off',
      onBlur: () => setOpen(false),
      onKeyDown,
    },
    list: open
      ? { id: listId, options, active, isError, isFetching, onPick: pick, onActivate: setActive }
      : null,
  };
}
