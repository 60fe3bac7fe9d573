import { SearchIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';

const SEARCH_DEBOUNCE_MS = 300;

/** The Users tab's search box: asks the server once typing settles, and follows the URL on Back. */
export function UserSearch({ value, onChange }: { value: string; onChange(value: string): void }) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const debounced = useDebouncedValue(draft, SEARCH_DEBOUNCE_MS);
  const lastSent = useRef(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const next = debounced.trim();
    if (next === lastSent.current) return;
    lastSent.current = next;
    onChangeRef.current(next);
  }, [debounced]);

  useEffect(() => {
    if (value === lastSent.current) return;
    lastSent.current = value;
    setDraft(value);
  }, [value]);

  return (
    <div className="flex flex-1 flex-col gap-1.5">
      <Label htmlFor={id}>Search users</Label>
      <div className="relative">
        <SearchIcon
          aria-hidden="true"
          className="absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={id}
          type="search"
          className="pl-8"
          placeholder="Search by username or email"
          maxLength={100}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
      </div>
    </div>
  );
}
