import { USER_STATUS_QUERY_FILTERS, type UserStatusQueryFilter } from '@switchboard/contract/users';
import { SearchIcon, XIcon } from 'lucide-react';
import { type Ref, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.tsx';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';

export const SEARCH_DEBOUNCE_MS = 300;

const STATUS_LABELS: Record<UserStatusQueryFilter, string> = {
  all: 'All',
  online: 'Online',
  offline: 'Offline',
  admin: 'Admin',
  deleted: 'Deleted',
};

interface UsersToolbarProps {
  search: string;
  status: UserStatusQueryFilter;
  onSearchChange(search: string): void;
  onStatusChange(status: UserStatusQueryFilter): void;
  /** The search box, where focus goes when what had it disappears. */
  searchRef?: Ref<HTMLInputElement>;
}

export function UsersToolbar({
  search,
  status,
  onSearchChange,
  onStatusChange,
  searchRef,
}: UsersToolbarProps) {
  const searchId = useId();
  const statusId = useId();
  const [draft, setDraft] = useState(search);
  const debounced = useDebouncedValue(draft, SEARCH_DEBOUNCE_MS);
  const lastSent = useRef(search);
  const onSearchChangeRef = useRef(onSearchChange);
  onSearchChangeRef.current = onSearchChange;

  // Typing settles for a moment before the server is asked, so each keystroke is not a request.
  useEffect(() => {
    const next = debounced.trim();
    if (next === lastSent.current) return;
    lastSent.current = next;
    onSearchChangeRef.current(next);
  }, [debounced]);

  // The URL can change without typing (Back, a link): show what it now says.
  useEffect(() => {
    if (search === lastSent.current) return;
    lastSent.current = search;
    setDraft(search);
  }, [search]);

  const clear = () => {
    setDraft('');
    lastSent.current = '';
    onSearchChange('');
  };

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex flex-1 flex-col gap-1.5">
        <Label htmlFor={searchId}>Search users</Label>
        <div className="relative">
          <SearchIcon
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            ref={searchRef}
            id={searchId}
            type="search"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && draft) {
                event.preventDefault();
                clear();
              }
            }}
            placeholder="Search by username, email or full name..."
            className="pr-9 pl-8 [&::-webkit-search-cancel-button]:appearance-none"
            maxLength={100}
          />
          {draft ? (
            <Button
              variant="ghost"
              size="icon"
              className="absolute top-1/2 right-0.5 size-8 -translate-y-1/2"
              aria-label="Clear search"
              title="Clear search"
              onClick={clear}
            >
              <XIcon />
            </Button>
          ) : null}
        </div>
      </div>
      <div className="flex flex-col gap-1.5 sm:w-44">
        <Label htmlFor={statusId}>Status</Label>
        <Select value={status} onValueChange={(value) => onStatusChange(value as UserStatusQueryFilter)}>
          <SelectTrigger id={statusId} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {USER_STATUS_QUERY_FILTERS.map((filter) => (
              <SelectItem key={filter} value={filter}>
                {STATUS_LABELS[filter]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}
