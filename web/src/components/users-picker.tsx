import { XIcon } from 'lucide-react';
import { useRef } from 'react';
import { Input } from '@/components/ui/input.tsx';
import { UserOptionsList } from '@/components/user-options-list.tsx';
import { useUserCombobox } from '@/lib/use-user-combobox.ts';
import { cn } from '@/lib/utils.ts';

/** A chosen user: the id is what is sent, the username what is shown (null: a user that no longer exists). */
export interface PickedUser {
  id: string;
  username: string | null;
}

interface UsersPickerProps {
  /** The search box's id, for its label. */
  id: string;
  value: readonly PickedUser[];
  onChange(users: PickedUser[]): void;
  /** Describes the field, e.g. its error message's id. */
  'aria-describedby'?: string;
  invalid?: boolean;
}

/**
 * Several users, picked by username: typing searches on the server, arrows and Enter add the highlighted
 * one as a chip, Backspace in the empty box removes the last chip, and each chip has its own remove button.
 */
export function UsersPicker({ id, value, onChange, invalid, ...described }: UsersPickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const remove = (userId: string) => {
    onChange(value.filter((u) => u.id !== userId));
    input.current?.focus();
  };
  const box = useUserCombobox({
    onPick: (user) => onChange([...value, { id: user.id, username: user.username }]),
    exclude: new Set(value.map((u) => u.id)),
    closeOnPick: false,
    onOtherKey: (event) => {
      const last = value.at(-1);
      if (event.key !== 'Backspace' || box.text !== '' || !last) return false;
      remove(last.id);
      return true;
    },
  });

  return (
    <div className="flex flex-col gap-2">
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Chosen users">
          {value.map((user) => (
            <li
              key={user.id}
              className="flex items-center gap-1 rounded-full border bg-secondary py-0.5 pr-1 pl-2.5 text-sm"
            >
              <span className={cn(!user.username && 'text-muted-foreground italic')}>
                {user.username ?? 'deleted user'}
              </span>
              <button
                type="button"
                className="rounded-full p-0.5 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                aria-label={`Remove ${user.username ?? 'deleted user'}`}
                onClick={() => remove(user.id)}
              >
                <XIcon className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="relative">
        <Input
          ref={input}
          id={id}
          {...box.input}
          aria-invalid={invalid || undefined}
          aria-describedby={described['aria-describedby']}
          placeholder="Search users by username..."
          value={box.text}
          onChange={(event) => box.type(event.target.value)}
        />
        {box.list ? (
          <UserOptionsList {...box.list}>
            {(user) => (
              <>
                {user.username}
                {user.full_name ? <span className="text-muted-foreground"> · {user.full_name}</span> : null}
              </>
            )}
          </UserOptionsList>
        ) : null}
      </div>
    </div>
  );
}
