import { useId } from 'react';
import { Label } from '@/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.tsx';
import { enumLabel } from '@/lib/enum-label.ts';
import { cn } from '@/lib/utils.ts';

interface OptionSelectProps<V extends string> {
  /** The select's id; one of its own when absent. */
  id?: string;
  label: string;
  value: V;
  options: readonly V[];
  /** The text shown for each value; the value itself when absent. */
  labels?: Partial<Record<V, string>>;
  onChange(value: V): void;
  /** Only screen readers get the label (a toolbar filter whose values name it). */
  hideLabel?: boolean;
  /** Added to the wrapper's column layout, e.g. a toolbar width. */
  className?: string;
}

/** A labelled select over a fixed list of values (a filter, or an enum field of a form). */
export function OptionSelect<V extends string>({
  id,
  label,
  value,
  options,
  labels,
  onChange,
  hideLabel = false,
  className,
}: OptionSelectProps<V>) {
  const ownId = useId();
  const selectId = id ?? ownId;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={selectId} className={hideLabel ? 'sr-only' : undefined}>
        {label}
      </Label>
      <Select value={value} onValueChange={(next) => onChange(next as V)}>
        <SelectTrigger id={selectId} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option} value={option}>
              {labels?.[option] ?? enumLabel(option)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
