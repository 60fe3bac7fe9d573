import { Label } from '@/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.tsx';

interface OptionSelectProps<V extends string> {
  id: string;
  label: string;
  value: V;
  options: readonly V[];
  /** The text shown for each value; the value itself when absent. */
  labels?: Partial<Record<V, string>>;
  onChange(value: V): void;
  /** Only screen readers get the label (a toolbar filter whose values name it). */
  hideLabel?: boolean;
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
  return (
    <div className={className ?? 'flex flex-col gap-1.5'}>
      <Label htmlFor={id} className={hideLabel ? 'sr-only' : undefined}>
        {label}
      </Label>
      <Select value={value} onValueChange={(next) => onChange(next as V)}>
        <SelectTrigger id={id} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option} value={option}>
              {labels?.[option] ?? option.charAt(0).toUpperCase() + option.slice(1)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
