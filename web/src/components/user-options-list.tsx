import type { ReactNode } from 'react';
import { cn } from '@/lib/utils.ts';

interface UserOptionsListProps<User extends { id: string }> {
  /** The listbox id the input's aria-controls names; each option is `${id}-${index}`. */
  id: string;
  options: User[];
  active: number;
  isError: boolean;
  isFetching: boolean;
  onPick(user: NoInfer<User>): void;
  onActivate(index: number): void;
  children(user: NoInfer<User>): ReactNode;
}

/**
 * The open list of a user search box (the coin and audience pickers): options, and why there are none.
 * It takes its place in the form, pushing the fields below it down, rather than floating over them: a
 * list laid over a dialog's fields and buttons took the clicks meant for Cancel.
 */
export function UserOptionsList<User extends { id: string }>(props: UserOptionsListProps<User>) {
  const { id, options, active } = props;
  return (
    <div
      id={id}
      role="listbox"
      aria-label="Users"
      aria-busy={props.isFetching}
      className="mt-1 max-h-48 w-full overflow-auto rounded-md border bg-popover p-1 text-sm shadow-sm"
    >
      {options.map((user, index) => (
        <div
          key={user.id}
          id={`${id}-${index}`}
          role="option"
          aria-selected={index === active}
          tabIndex={-1}
          className={cn('cursor-pointer rounded-sm px-2 py-1.5', index === active && 'bg-accent')}
          // Picked on mouse down, before the input's blur closes the list.
          onMouseDown={(event) => {
            event.preventDefault();
            props.onPick(user);
          }}
          onMouseEnter={() => props.onActivate(index)}
        >
          {props.children(user)}
        </div>
      ))}
      {options.length === 0 ? (
        <p className="px-2 py-1.5 text-muted-foreground">
          {props.isError ? 'Failed to load users' : props.isFetching ? 'Searching...' : 'No users found'}
        </p>
      ) : null}
    </div>
  );
}
