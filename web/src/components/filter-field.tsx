import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';

/** A labelled text or date-time input of a list's filter form, kept as a draft until the form is applied. */
export function FilterField({
  id,
  label,
  value,
  onChange,
  type = 'text',
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  type?: 'text' | 'datetime-local';
  placeholder?: string;
}) {
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type={type}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
