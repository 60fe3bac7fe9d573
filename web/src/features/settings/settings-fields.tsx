import { FormField, fieldMessageId } from '@/components/form-field.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';

interface BaseProps {
  id: string;
  label: string;
  error?: string;
}

/** A whole-number field: what is typed is parsed as an integer (empty or not a number → NaN, refused on save). */
export function IntegerField({
  id,
  label,
  error,
  value,
  onChange,
}: BaseProps & { value: number; onChange(v: number): void }) {
  return (
    <FormField id={id} label={label} error={error}>
      <Input
        id={id}
        inputMode="numeric"
        value={Number.isNaN(value) ? '' : String(value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? fieldMessageId(id) : undefined}
        onChange={(e) => onChange(Number.parseInt(e.target.value, 10))}
      />
    </FormField>
  );
}

export function TextField({
  id,
  label,
  error,
  value,
  onChange,
}: BaseProps & { value: string; onChange(v: string): void }) {
  return (
    <FormField id={id} label={label} error={error}>
      <Input
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? fieldMessageId(id) : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}

export function ToggleField({
  id,
  label,
  checked,
  onChange,
}: BaseProps & { checked: boolean; onChange(v: boolean): void }) {
  return (
    <div className="flex items-center gap-3">
      <Checkbox id={id} checked={checked} onCheckedChange={(v) => onChange(v === true)} />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}

export function ChoiceField<T extends string>({
  id,
  label,
  error,
  value,
  options,
  onChange,
}: BaseProps & { value: T; options: readonly T[]; onChange(v: T): void }) {
  return (
    <FormField id={id} label={label} error={error}>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as T)}
        className="h-9 rounded-md border border-input bg-card px-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {option.charAt(0).toUpperCase() + option.slice(1)}
          </option>
        ))}
      </select>
    </FormField>
  );
}
