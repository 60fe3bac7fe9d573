import {
  CALL_QUALITY_FLAG_LABELS,
  CALL_QUALITY_FLAGS,
  type CallQualityFlag,
} from '@switchboard/contract/call-quality';
import { CALL_STATUS_FILTERS, CALL_TYPE_FILTERS, type ListCallsQuery } from '@switchboard/contract/calls';
import { ListToolbar } from '@/components/list-toolbar.tsx';
import { OptionSelect } from '@/components/option-select.tsx';
import { VerdictFilter } from './verdict-filter.tsx';

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

/** One select for quality: any call, any flagged call ("poor"), or the calls carrying one flag. */
const QUALITY_FILTERS = ['all', 'poor', ...CALL_QUALITY_FLAGS] as const;
const QUALITY_LABELS: Record<(typeof QUALITY_FILTERS)[number], string> = {
  all: 'All Quality',
  poor: 'Poor quality',
  ...CALL_QUALITY_FLAG_LABELS,
};

type Filters = Pick<ListCallsQuery, 'search' | 'status' | 'type' | 'quality' | 'flag' | 'verdict'>;

/** The selects beside the search, each setting the query field it is keyed by. */
const FILTERS = [
  {
    key: 'status',
    label: 'Status filter',
    options: CALL_STATUS_FILTERS,
    labels: STATUS_LABELS,
    width: 'sm:w-40',
  },
  { key: 'type', label: 'Type filter', options: CALL_TYPE_FILTERS, labels: TYPE_LABELS, width: 'sm:w-36' },
] as const;

interface CallsToolbarProps extends Filters {
  onChange(changes: Partial<Filters>, options?: { replace?: boolean }): void;
}

export function CallsToolbar({ search, quality, flag, verdict, onChange, ...selected }: CallsToolbarProps) {
  return (
    <ListToolbar
      search={{
        value: search,
        onSearch: (next) => onChange({ search: next }, { replace: true }),
        label: 'Search calls',
        placeholder: 'Search calls by username...',
      }}
    >
      {FILTERS.map(({ key, width, ...filter }) => (
        <OptionSelect<string>
          key={key}
          {...filter}
          hideLabel
          value={selected[key]}
          onChange={(next) => onChange({ [key]: next })}
          className={width}
        />
      ))}
      <OptionSelect<string>
        label="Quality filter"
        options={QUALITY_FILTERS}
        labels={QUALITY_LABELS}
        hideLabel
        value={flag ?? quality}
        onChange={(next) =>
          onChange(
            next === 'all' || next === 'poor'
              ? { quality: next, flag: undefined }
              : { quality: 'all', flag: next as CallQualityFlag },
          )
        }
        className="sm:w-40"
      />
      <VerdictFilter value={verdict} onChange={(next) => onChange({ verdict: next })} />
    </ListToolbar>
  );
}
