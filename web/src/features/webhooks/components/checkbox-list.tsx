import { Checkbox } from '@/components/ui/checkbox.tsx';
import { Label } from '@/components/ui/label.tsx';

interface CheckboxListProps<V extends string> {
  legend: string;
  hint?: string;
  options: readonly V[];
  value: readonly V[];
  onChange(next: V[]): void;
  disabled?: boolean;
  error?: string;
}

/** A fieldset of checkboxes over a fixed list: the events an endpoint subscribes to, the alert rules it routes. */
export function CheckboxList<V extends string>({
  legend,
  hint,
  options,
  value,
  onChange,
  disabled = false,
  error,
}: CheckboxListProps<V>) {
  const toggle = (option: V, on: boolean) =>
    onChange(on ? [...value, option] : value.filter((v) => v !== option));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {options.map((option) => {
          const id = `${legend}-${option}`.replace(/\W+/g, '-');
          return (
            <div key={option} className="flex items-center gap-2">
              <Checkbox
                id={id}
                checked={value.includes(option)}
                disabled={disabled}
                onCheckedChange={(on) => toggle(option, on === true)}
              />
              <Label htmlFor={id} className="font-mono text-xs font-normal">
                {option}
              </Label>
            </div>
          );
        })}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
