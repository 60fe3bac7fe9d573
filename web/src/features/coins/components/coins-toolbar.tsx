import { COIN_TYPE_FILTERS } from '@switchboard/contract/coins';
import { ListToolbar } from '@/components/list-toolbar.tsx';
import { OptionSelect } from '@/components/option-select.tsx';
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
  return (
    <ListToolbar
      search={{
        value: search,
        onSearch: onSearchChange,
        label: 'Search transactions',
        placeholder: 'Search transactions...',
      }}
    >
      <OptionSelect
        label="Transaction type"
        hideLabel
        value={type}
        options={COIN_TYPE_FILTERS}
        labels={FILTER_LABELS}
        onChange={onTypeChange}
        className="sm:w-44"
      />
    </ListToolbar>
  );
}
