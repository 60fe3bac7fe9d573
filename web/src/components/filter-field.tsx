import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';

/** One text or date-time input of a list's filter form. */
export interface FilterFieldSpec<Key extends string> {
  key: Key;
  label: string;
  type?: 'text' | 'datetime-local';
  placeholder?: string;
}

/**
 * The labelled inputs of a list's filter form, editing a draft that the form applies on submit.
 * Each input's id is `<idPrefix>-<key>`.
 */
export function FilterFields<Key extends string, Draft extends Record<Key, string>>({
  idPrefix,
  fields,
  draft,
  onChange,
}: {
  idPrefix: string;
  fields: readonly FilterFieldSpec<Key>[];
  draft: Draft;
  onChange(next: NoInfer<Draft>): void;
}) {
  return fields.map((field) => {
    const id = `${idPrefix}-${field.key}`;
    return (
      <div key={field.key} className="space-y-1">
        <Label htmlFor={id}>{field.label}</Label>
        <Input
          id={id}
          type={field.type ?? 'text'}
          placeholder={field.placeholder}
          value={draft[field.key]}
          onChange={(e) => onChange({ ...draft, [field.key]: e.target.value })}
        />
      </div>
    );
  });
}
