import { CALL_STATUS_FILTERS, CALL_TYPE_FILTERS, type ListCallsQuery } from '@switchboard/contract/calls';
import { useId } from 'react';
import { OptionSelect } from '@/components/option-select.tsx';
import { SearchBox } from '@/components/search-box.tsx';

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
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <SearchBox
        value={search}
        onSearch={(next) => onChange({ search: next }, { replace: true })}
        label="Search calls"
        placeholder="Search calls by username..."
      />
      <OptionSelect
        id={statusId}
        label="Status filter"
        hideLabel
        value={status as (typeof CALL_STATUS_FILTERS)[number]}
        options={CALL_STATUS_FILTERS}
        labels={STATUS_LABELS}
        onChange={(next) => onChange({ status: next })}
        className="flex flex-col gap-1.5 sm:w-40"
      />
      <OptionSelect
        id={typeId}
        label="Type filter"
        hideLabel
        value={type as (typeof CALL_TYPE_FILTERS)[number]}
        options={CALL_TYPE_FILTERS}
        labels={TYPE_LABELS}
        onChange={(next) => onChange({ type: next })}
        className="flex flex-col gap-1.5 sm:w-36"
      />
    </div>
  );
}
