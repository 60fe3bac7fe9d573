import { SearchIcon, XIcon } from 'lucide-react';
import { type Ref, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { cn } from '@/lib/utils.ts';

export const SEARCH_DEBOUNCE_MS = 300;

interface SearchBoxProps {
  /** The search the list shows now (from the URL). */
  value: string;
  /** Called with the trimmed text once typing settles, or at once when cleared. */
  onSearch(value: string): void;
  label: string;
  /** Shown above the box; otherwise only screen readers get it. */
  showLabel?: boolean;
  placeholder: string;
  /** A clear button, and Escape clears. */
  clearable?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
}

/** A list's search box: asks the server only once typing settles, and follows the URL (Back, a link). */
export function SearchBox({
  value,
  onSearch,
  label,
  showLabel = false,
  placeholder,
  clearable = false,
  inputRef,
  className,
}: SearchBoxProps) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const debounced = useDebouncedValue(draft, SEARCH_DEBOUNCE_MS);
  const lastSent = useRef(value);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  useEffect(() => {
    const next = debounced.trim();
    if (next === lastSent.current) return;
    lastSent.current = next;
    onSearchRef.current(next);
  }, [debounced]);
  useEffect(() => {
    if (value === lastSent.current) return;
    lastSent.current = value;
    setDraft(value);
  }, [value]);

  const clear = () => {
    setDraft('');
    lastSent.current = '';
    onSearch('');
  };

  return (
    <div className={cn('flex flex-1 flex-col gap-1.5', className)}>
      <Label htmlFor={id} className={showLabel ? undefined : 'sr-only'}>
        {label}
      </Label>
      <div className="relative">
        <SearchIcon
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          ref={inputRef}
          id={id}
          type="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (clearable && event.key === 'Escape' && draft) {
              event.preventDefault();
              clear();
            }
          }}
          placeholder={placeholder}
          className={cn('pl-8', clearable && 'pr-9 [&::-webkit-search-cancel-button]:appearance-none')}
          maxLength={100}
        />
        {clearable && draft ? (
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
  );
}
