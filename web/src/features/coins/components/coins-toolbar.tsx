import { COIN_TYPE_FILTERS } from '@switchboard/contract/coins';
import { useId } from 'react';
import { OptionSelect } from '@/components/option-select.tsx';
import { SearchBox } from '@/components/search-box.tsx';
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
  const typeId = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <SearchBox
        value={search}
        onSearch={onSearchChange}
        label="Search transactions"
        placeholder="Search transactions..."
      />
      <OptionSelect
        id={typeId}
        label="Transaction type"
        hideLabel
        value={type}
        options={COIN_TYPE_FILTERS}
        labels={FILTER_LABELS}
        onChange={onTypeChange}
        className="flex flex-col gap-1.5 sm:w-44"
      />
    </div>
  );
}
