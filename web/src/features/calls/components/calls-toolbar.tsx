import { CALL_STATUS_FILTERS, CALL_TYPE_FILTERS, type ListCallsQuery } from '@switchboard/contract/calls';
import { SearchIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Input } from '@/components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.tsx';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';

const STATUS_LABELS: Record<(typeof CALL_STATUS_FILTERS)[number], string> = {
  all: 'All Status',
  active: 'Active',
  ended: 'Ended',
  failed: 'Failed',
  missed: 'Missed',
  ringing: 'Ringing',
};
const TYPE_LABELS: Record<(typeof CALL_TYPE_FILTERS)[number], string> = {
  all: 'All Types',
  voice: 'Voice',
  video: 'Video',
};

type Filters = Pick<ListCallsQuery, 'search' | 'status' | 'type'>;

interface CallsToolbarProps extends Filters {
  onChange(changes: Partial<Filters>, options?: { replace?: boolean }): void;
}

export function CallsToolbar({ search, status, type, onChange }: CallsToolbarProps) {
  const statusId = useId();
  const typeId = useId();
  const [draft, setDraft] = useState(search);
  const debounced = useDebouncedValue(draft.trim(), 300);
  const sent = useRef(search);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // Typing settles before the server is asked; a URL change (Back, a link) shows in the box.
  useEffect(() => {
    if (debounced === sent.current) return;
    sent.current = debounced;
    onChangeRef.current({ search: debounced }, { replace: true });
  }, [debounced]);
  useEffect(() => {
    if (search === sent.current) return;
    sent.current = search;
    setDraft(search);
  }, [search]);

  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <div className="relative flex-1">
        <SearchIcon
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          aria-label="Search calls"
          placeholder="Search calls by username..."
          className="pl-8"
          maxLength={100}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
      </div>
      <span id={statusId} className="sr-only">
        Status filter
      </span>
      <Select value={status} onValueChange={(value) => onChange({ status: value as Filters['status'] })}>
        <SelectTrigger aria-labelledby={statusId} className="sm:w-40">
          <SelectValue>{STATUS_LABELS[status as keyof typeof STATUS_LABELS] ?? status}</SelectValue>
        </SelectTrigger>
        <SelectContent>
          {CALL_STATUS_FILTERS.map((value) => (
            <SelectItem key={value} value={value}>
              {STATUS_LABELS[value]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <span id={typeId} className="sr-only">
        Type filter
      </span>
      <Select value={type} onValueChange={(value) => onChange({ type: value as Filters['type'] })}>
        <SelectTrigger aria-labelledby={typeId} className="sm:w-36">
          <SelectValue>{TYPE_LABELS[type as keyof typeof TYPE_LABELS] ?? type}</SelectValue>
        </SelectTrigger>
        <SelectContent>
          {CALL_TYPE_FILTERS.map((value) => (
            <SelectItem key={value} value={value}>
              {TYPE_LABELS[value]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
