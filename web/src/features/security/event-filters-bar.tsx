import { SECURITY_EVENT_STATUS_FILTERS } from '@switchboard/contract/security';
import { SECURITY_EVENT_TYPES, SEVERITIES } from '@switchboard/contract/security-events';
import { OptionSelect } from '@/components/option-select.tsx';
import { SearchBox } from '@/components/search-box.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { eventTypeLabel } from './columns.tsx';
import type { EventFilters } from './security-url-state.ts';

const TYPE_LABELS = {
  all: 'All Types',
  ...Object.fromEntries(SECURITY_EVENT_TYPES.map((t) => [t, eventTypeLabel(t)])),
};
const SEVERITY_LABELS = { all: 'All Severities', ...Object.fromEntries(SEVERITIES.map((s) => [s, s])) };
const STATUS_LABELS = { all: 'All Status', active: 'Active', resolved: 'Resolved' };

/** An ISO instant as a datetime-local value (local time, to the minute), and back. */
const toLocal = (iso: string | undefined) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const toIso = (local: string) => (local ? new Date(local).toISOString() : undefined);

/** The Security Events tab's filters: an address or range, type, severity, status and dates. */
export function EventFiltersBar({
  filters,
  onChange,
}: {
  filters: EventFilters;
  onChange(changes: Partial<EventFilters>, options?: { replace?: boolean }): void;
}) {
  return (
    <div className="flex flex-col gap-3 md:flex-row md:flex-wrap md:items-end">
      <SearchBox
        value={filters.ip ?? ''}
        onSearch={(ip) => onChange({ ip: ip || undefined }, { replace: true })}
        label="Search events by IP"
        placeholder="Search by IP, e.g. 203.0.113.7 or 203.0.113.0/24"
      />
      <OptionSelect
        label="Event type filter"
        hideLabel
        value={filters.type}
        options={['all', ...SECURITY_EVENT_TYPES] as const}
        labels={TYPE_LABELS}
        onChange={(type) => onChange({ type })}
        className="md:w-48"
      />
      <OptionSelect
        label="Severity filter"
        hideLabel
        value={filters.severity}
        options={['all', ...SEVERITIES] as const}
        labels={SEVERITY_LABELS}
        onChange={(severity) => onChange({ severity })}
        className="md:w-40"
      />
      <OptionSelect
        label="Event status filter"
        hideLabel
        value={filters.status}
        options={SECURITY_EVENT_STATUS_FILTERS}
        labels={STATUS_LABELS}
        onChange={(status) => onChange({ status })}
        className="md:w-36"
      />
      {(['start', 'end'] as const).map((key) => (
        <div key={key} className="flex flex-col gap-1.5">
          <Label htmlFor={`events-${key}`}>{key === 'start' ? 'From' : 'To'}</Label>
          <Input
            id={`events-${key}`}
            type="datetime-local"
            value={toLocal(filters[key])}
            onChange={(e) => onChange({ [key]: toIso(e.target.value) })}
          />
        </div>
      ))}
    </div>
  );
}
