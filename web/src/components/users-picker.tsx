import { XIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Input } from '@/components/ui/input.tsx';
import { UserOptionsList } from '@/components/user-options-list.tsx';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { useUserSearch } from '@/lib/use-user-search.ts';
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
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useDebouncedValue(text.trim(), 250);
  const { data: found = [], isFetching, isError } = useUserSearch(search, open);
  const chosen = new Set(value.map((u) => u.id));
  const options = found.filter((u) => !chosen.has(u.id));

  const add = (user: PickedUser) => {
    onChange([...value, { id: user.id, username: user.username }]);
    setText('');
    setActive(0);
  };
  const remove = (userId: string) => {
    onChange(value.filter((u) => u.id !== userId));
    input.current?.focus();
  };

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
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && options[active] ? `${listId}-${active}` : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={described['aria-describedby']}
          autoComplete="off"
          placeholder="Search users by username..."
          value={text}
          onBlur={() => setOpen(false)}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
            setOpen(true);
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
              add(options[active]);
            } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
              const last = value.at(-1);
              if (last) remove(last.id);
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
            onPick={add}
            onActivate={setActive}
          >
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
