import type { AdminUserRow } from '@switchboard/contract/users';
import { Input } from '@/components/ui/input.tsx';
import { UserOptionsList } from '@/components/user-options-list.tsx';
import { formatCoins } from '@/lib/format.ts';
import { useUserCombobox } from '@/lib/use-user-combobox.ts';

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
  const box = useUserCombobox({ onPick: onChange, closeOnPick: true });
  return (
    <div className="relative">
      <Input
        id={id}
        {...box.input}
        placeholder="Select a user..."
        value={box.open ? box.text : value ? pickerOptionText(value) : ''}
        onChange={(event) => {
          box.type(event.target.value);
          if (value) onChange(null);
        }}
      />
      {box.list ? <UserOptionsList {...box.list}>{(user) => pickerOptionText(user)}</UserOptionsList> : null}
    </div>
  );
}
