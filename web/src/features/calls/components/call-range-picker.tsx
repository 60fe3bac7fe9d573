import { CALL_RANGE_VALUES, type CallRange, type ListCallsQuery } from '@switchboard/contract/calls';
import { useId } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';

export const RANGE_LABELS: Record<CallRange, string> = {
  all: 'All time',
  '15m': '15 min',
  '1h': '1 h',
  '24h': '24 h',
  '7d': '7 days',
  custom: 'Custom',
};

type RangeFields = Pick<ListCallsQuery, 'range' | 'from' | 'to'>;

/** An ISO instant as a datetime-local value (the browser's local time, to the minute). */
export function toLocalInput(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}
const toIso = (local: string) => (local ? new Date(local).toISOString() : undefined);

interface CallRangePickerProps extends RangeFields {
  onChange(changes: Partial<RangeFields>): void;
}

/** The calls' time range: one click on a preset, or Custom with a start and an end. */
export function CallRangePicker({ range, from, to, onChange }: CallRangePickerProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
      <fieldset aria-label="Time range" className="flex flex-wrap gap-1">
        {CALL_RANGE_VALUES.map((value) => (
          <Button
            key={value}
            type="button"
            size="sm"
            variant={range === value ? 'default' : 'outline'}
            aria-pressed={range === value}
            onClick={() =>
              onChange(
                value === 'custom'
                  ? { range: value, from: from ?? new Date(Date.now() - 86_400_000).toISOString() }
                  : { range: value, from: undefined, to: undefined },
              )
            }
          >
            {RANGE_LABELS[value]}
          </Button>
        ))}
      </fieldset>
      {range === 'custom' ? (
        <div className="flex flex-wrap gap-3">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-from`}>From</Label>
            <Input
              id={`${id}-from`}
              type="datetime-local"
              value={toLocalInput(from)}
              onChange={(event) => onChange({ from: toIso(event.target.value) })}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-to`}>To</Label>
            <Input
              id={`${id}-to`}
              type="datetime-local"
              value={toLocalInput(to)}
              onChange={(event) => onChange({ to: toIso(event.target.value) })}
            />
          </div>
        </div>
      ) : null}
    </div>
  );
}
