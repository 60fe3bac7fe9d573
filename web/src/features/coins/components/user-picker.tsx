import type { AdminUserRow } from '@switchboard/contract/users';
import { useId, useState } from 'react';
import { Input } from '@/components/ui/input.tsx';
import { UserOptionsList } from '@/components/user-options-list.tsx';
import { formatCoins } from '@/lib/format.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { usePickerUsers } from '../api.ts';

export type PickedUser = Pick<AdminUserRow, 'id' | 'username' | 'coin_balance'>;

/** The option text: username plus balance. */
export const pickerOptionText = (user: PickedUser) =>
  `${user.username} (${formatCoins(user.coin_balance)} coins)`;

interface UserPickerProps {
  id: string;
  value: PickedUser | null;
  onChange(user: PickedUser | null): void;
}

/**
 * A combobox over the users list: typing searches on the server, arrows and Enter pick. The list opens
 * on typing or the down arrow, never on focus alone (the dialog focuses the picker first), and closes
 * on blur and Escape.
 */
export function UserPicker({ id, value, onChange }: UserPickerProps) {
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useDebouncedValue(text.trim(), 250);
  const { data: options = [], isFetching, isError } = usePickerUsers(search, open);

  const pick = (user: PickedUser) => {
    onChange(user);
    setText('');
    setOpen(false);
  };

  return (
    <div className="relative">
      <Input
        id={id}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && options[active] ? `${listId}-${active}` : undefined}
        autoComplete="off"
        placeholder="Select a user..."
        value={open ? text : value ? pickerOptionText(value) : ''}
        onBlur={() => setOpen(false)}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
          if (value) onChange(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            // The first arrow opens the list on its first option; the next ones move down it.
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
        }}
      />
      {open ? (
        <UserOptionsList
          id={listId}
          options={options}
          active={active}
          isError={isError}
          isFetching={isFetching}
          onPick={pick}
          onActivate={setActive}
        >
          {(user) => pickerOptionText(user)}
        </UserOptionsList>
      ) : null}
    </div>
  );
}
