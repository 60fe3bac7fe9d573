import { useId } from 'react';
import { Label } from '@/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.tsx';

interface FilterSelectProps<V extends string> {
  label: string;
  value: V;
  options: readonly V[];
  onChange(value: V): void;
}

const optionLabel = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** A labelled select of a list's filter values, shown capitalised ("All", "Pending"). */
export function FilterSelect<V extends string>({ label, value, options, onChange }: FilterSelectProps<V>) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={(next) => onChange(next as V)}>
        <SelectTrigger id={id} className="w-full sm:w-40">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option} value={option}>
              {optionLabel(option)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
