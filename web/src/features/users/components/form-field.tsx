import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label.tsx';

interface FormFieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  /** Renders the control with the ids its label, hint and error need. */
  children(control: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }): ReactNode;
}

export function FormField({ id, label, error, hint, children }: FormFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint && !error ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
