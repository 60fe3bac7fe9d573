import {
  PROVIDER_LABELS,
  PURCHASE_PROVIDER_FILTERS,
  PURCHASE_STATUS_FILTERS,
} from '@switchboard/contract/purchases';
import { useId } from 'react';
import { ListToolbar } from '@/components/list-toolbar.tsx';
import { OptionSelect } from '@/components/option-select.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import type { PurchasesFilter } from '../api.ts';
import { STATUS_LABELS } from '../columns.tsx';

const PROVIDER_FILTER_LABELS = { all: 'All Providers', ...PROVIDER_LABELS };
const STATUS_FILTER_LABELS = { all: 'All Status', ...STATUS_LABELS };

/** An ISO instant as the yyyy-mm-dd a date input shows (UTC, as the server's days are). */
const dayOf = (iso: string | undefined) => (iso ? iso.slice(0, 10) : '');
/** A picked day as the start of that UTC day; `to` means the end of it (the next day's start). */
const instantOf = (day: string, to: boolean) => {
  if (!day) return undefined;
  const start = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(start.getTime())) return undefined;
  if (to) start.setUTCDate(start.getUTCDate() + 1);
  return start.toISOString();
};
const shownEnd = (iso: string | undefined) => {
  if (!iso) return '';
  const end = new Date(iso);
  end.setUTCDate(end.getUTCDate() - 1);
  return Number.isNaN(end.getTime()) ? '' : end.toISOString().slice(0, 10);
};

interface PurchasesToolbarProps extends PurchasesFilter {
  onChange(changes: Partial<PurchasesFilter>, options?: { replace?: boolean }): void;
}

export function PurchasesToolbar({ search, provider, status, start, end, onChange }: PurchasesToolbarProps) {
  const fromId = useId();
  const toId = useId();
  return (
    <ListToolbar
      search={{
        value: search,
        onSearch: (next) => onChange({ search: next }, { replace: true }),
        label: 'Search purchases',
        placeholder: 'Search by user or transaction id...',
      }}
    >
      <OptionSelect<string>
        label="Provider filter"
        options={PURCHASE_PROVIDER_FILTERS}
        labels={PROVIDER_FILTER_LABELS}
        hideLabel
        value={provider}
        onChange={(next) => onChange({ provider: next as PurchasesFilter['provider'] })}
        className="sm:w-44"
      />
      <OptionSelect<string>
        label="Status filter"
        options={PURCHASE_STATUS_FILTERS}
        labels={STATUS_FILTER_LABELS}
        hideLabel
        value={status}
        onChange={(next) => onChange({ status: next as PurchasesFilter['status'] })}
        className="sm:w-36"
      />
      <div className="flex flex-col gap-1">
        <Label htmlFor={fromId} className="text-xs">
          From
        </Label>
        <Input
          id={fromId}
          type="date"
          value={dayOf(start)}
          onChange={(event) => onChange({ start: instantOf(event.target.value, false) })}
          className="sm:w-40"
        />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={toId} className="text-xs">
          To
        </Label>
        <Input
          id={toId}
          type="date"
          value={shownEnd(end)}
          onChange={(event) => onChange({ end: instantOf(event.target.value, true) })}
          className="sm:w-40"
        />
      </div>
    </ListToolbar>
  );
}
