import { Command } from 'cmdk';
import { SearchIcon } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog.tsx';
import { useCan } from '@/lib/permissions.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { useUserSearch } from '@/lib/use-user-search.ts';
import {
  actionCommands,
  callCommand,
  matchCommands,
  type PaletteCommand,
  screenCommands,
} from './palette-commands.ts';

/** Fewer letters than this would match most of the user base: the server is asked from two on. */
const MIN_USER_SEARCH = 2;

interface Group {
  heading: string;
  commands: PaletteCommand[];
}

function useUserCommands(text: string): { commands: PaletteCommand[]; searching: boolean } {
  const can = useCan();
  const search = useDebouncedValue(text.trim(), 200);
  const enabled = search.length >= MIN_USER_SEARCH && can('users:read');
  const users = useUserSearch(search, enabled);
  const commands =
    enabled && text.trim() !== ''
      ? (users.data ?? []).map((user) => ({
          id: `user:${user.id}`,
          label: user.full_name ? `${user.username} (${user.full_name})` : user.username,
          hint: user.email,
          to: `/users/${user.id}`,
        }))
      : [];
  return { commands, searching: enabled && users.isFetching };
}

interface CommandPaletteProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * The command palette (Ctrl+K): screens, frequent actions, a call by its id and users found on the
 * server, in one keyboard-driven list. Loaded on first open, so the sign-in page never carries it.
 */
export function CommandPalette({ open, onOpenChange }: CommandPaletteProps) {
  const can = useCan();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const users = useUserCommands(text);
  // After a choice the page it opened keeps the focus (a field it focuses, a dialog it opens).
  const chose = useRef(false);

  const groups = useMemo<Group[]>(() => {
    const call = callCommand(text, can);
    return [
      { heading: 'Calls', commands: call ? [call] : [] },
      { heading: 'Users', commands: users.commands },
      { heading: 'Actions', commands: matchCommands(actionCommands(can), text) },
      { heading: 'Screens', commands: matchCommands(screenCommands(can), text) },
    ].filter((group) => group.commands.length > 0);
  }, [text, can, users.commands]);
  const count = groups.reduce((sum, group) => sum + group.commands.length, 0);

  // The top result is the highlighted one, also when users found on the server arrive after the
  // screens and actions: Enter opens what is shown first.
  const [selected, setSelected] = useState('');
  const firstId = groups[0]?.commands[0]?.id ?? '';
  useEffect(() => setSelected(firstId), [firstId]);

  const choose = (command: PaletteCommand) => {
    chose.current = true;
    onOpenChange(false);
    setText('');
    void navigate(command.to);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setText('');
        onOpenChange(next);
      }}
    >
      <DialogContent
        className="top-[15%] max-w-xl translate-y-0 gap-0 overflow-hidden p-0"
        showCloseButton={false}
        onOpenAutoFocus={() => {
          chose.current = false;
        }}
        onCloseAutoFocus={(event) => {
          if (chose.current) event.preventDefault();
        }}
      >
        <DialogTitle className="sr-only">Command palette</DialogTitle>
        <DialogDescription className="sr-only">
          Type to find a screen, an action, a user by name or e-mail, or a call by its id.
        </DialogDescription>
        <Command
          label="Command palette"
          shouldFilter={false}
          loop
          value={selected}
          onValueChange={setSelected}
          className="flex flex-col"
        >
          <div className="flex items-center gap-2 border-b px-3">
            <SearchIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <Command.Input
              value={text}
              onValueChange={setText}
              placeholder="Search screens, actions, users, call ids…"
              className="h-12 w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground"
            />
          </div>
          <Command.List className="max-h-[min(60dvh,24rem)] overflow-y-auto p-2" aria-label="Results">
            {groups.length === 0 && !users.searching ? (
              <Command.Empty className="px-3 py-6 text-center text-sm text-muted-foreground">
                No results
              </Command.Empty>
            ) : null}
            {users.searching && users.commands.length === 0 ? (
              <Command.Loading>
                <p className="px-3 py-2 text-sm text-muted-foreground">Searching users…</p>
              </Command.Loading>
            ) : null}
            {groups.map((group) => (
              <Command.Group
                key={group.heading}
                heading={group.heading}
                className="[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-muted-foreground"
              >
                {group.commands.map((command) => (
                  <Command.Item
                    key={command.id}
                    value={command.id}
                    onSelect={() => choose(command)}
                    className="flex cursor-pointer items-center justify-between gap-3 rounded-md px-2 py-2 text-sm data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground"
                  >
                    <span className="truncate">{command.label}</span>
                    {command.hint ? (
                      <span className="truncate text-xs text-muted-foreground">{command.hint}</span>
                    ) : null}
                  </Command.Item>
                ))}
              </Command.Group>
            ))}
          </Command.List>
        </Command>
        <p className="sr-only" aria-live="polite" aria-atomic="true">
          {users.searching ? 'Searching users' : `${count} ${count === 1 ? 'result' : 'results'}`}
        </p>
      </DialogContent>
    </Dialog>
  );
}
