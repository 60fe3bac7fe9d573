import type { ReactNode } from 'react';
import { CharacterCount } from '@/components/character-count.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';

/** A label over its control, as the broadcast forms lay out every field. */
export function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

/** The longest title the API takes (contract: notifications and official messages). */
const TITLE_MAX = 200;

interface TitleAndBodyProps {
  /** The form's id prefix. */
  id: string;
  title: string;
  onTitle(title: string): void;
  /** The body's label ("Message *", "Content *"), text and longest length. */
  body: { label: string; value: string; maxLength: number; onChange(value: string): void };
}

/** The two required fields every broadcast starts with: "Title *" and its text. */
export function TitleAndBody({ id, title, onTitle, body }: TitleAndBodyProps) {
  return (
    <>
      <Field id={`${id}-title`} label="Title *">
        {/* No maxLength: a longer text is kept and the counter says by how much, never cut silently. */}
        <Input
          id={`${id}-title`}
          value={title}
          aria-describedby={`${id}-title-count`}
          onChange={(e) => onTitle(e.target.value)}
        />
        <CharacterCount id={`${id}-title-count`} length={title.length} max={TITLE_MAX} />
      </Field>
      <Field id={`${id}-body`} label={body.label}>
        <Textarea
          id={`${id}-body`}
          value={body.value}
          aria-describedby={`${id}-body-count`}
          onChange={(e) => body.onChange(e.target.value)}
        />
        <CharacterCount id={`${id}-body-count`} length={body.value.length} max={body.maxLength} />
      </Field>
    </>
  );
}

/** A checkbox with its label beside it. */
export function CheckboxField({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  return (
    <div className="flex items-center gap-2">
      <Checkbox id={id} checked={checked} onCheckedChange={(value) => onChange(value === true)} />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}
