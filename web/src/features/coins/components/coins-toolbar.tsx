import { COIN_TYPE_FILTERS } from '@switchboard/contract/coins';
import { SearchIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.tsx';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { TYPE_LABELS } from '../columns.tsx';

type TypeFilter = (typeof COIN_TYPE_FILTERS)[number];
const FILTER_LABELS: Record<TypeFilter, string> = { all: 'All Types', ...TYPE_LABELS };

interface CoinsToolbarProps {
  search: string;
  type: TypeFilter;
  onSearchChange(search: string): void;
  onTypeChange(type: TypeFilter): void;
}

export function CoinsToolbar({ search, type, onSearchChange, onTypeChange }: CoinsToolbarProps) {
  const searchId = useId();
  const typeId = useId();
  const [draft, setDraft] = useState(search);
  const debounced = useDebouncedValue(draft.trim(), 300);
  const lastSent = useRef(search);
  const onSearchChangeRef = useRef(onSearchChange);
  onSearchChangeRef.current = onSearchChange;

  // Typing settles before the server is asked; the URL can also change without typing (Back, a link).
  useEffect(() => {
    if (debounced === lastSent.current) return;
    lastSent.current = debounced;
    onSearchChangeRef.current(debounced);
  }, [debounced]);
  useEffect(() => {
    if (search === lastSent.current) return;
    lastSent.current = search;
    setDraft(search);
  }, [search]);

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex flex-1 flex-col gap-1.5">
        <Label htmlFor={searchId} className="sr-only">
          Search transactions
        </Label>
        <div className="relative">
          <SearchIcon
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={searchId}
            type="search"
            className="pl-8"
            placeholder="Search transactions..."
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
      </div>
      <div className="flex flex-col gap-1.5 sm:w-44">
        <Label htmlFor={typeId} className="sr-only">
          Transaction type
        </Label>
        <Select value={type} onValueChange={(value) => onTypeChange(value as TypeFilter)}>
          <SelectTrigger id={typeId} aria-label="Transaction type" className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {COIN_TYPE_FILTERS.map((filter) => (
              <SelectItem key={filter} value={filter}>
                {FILTER_LABELS[filter]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}
