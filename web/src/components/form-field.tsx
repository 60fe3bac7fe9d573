import type * as React from 'react';
import { Label } from '@/components/ui/label.tsx';
import { cn } from '@/lib/utils.ts';

interface FormFieldProps {
  id: string;
  label: React.ReactNode;
  error?: string;
  hint?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}

/** Label, control and its message; the control should set aria-describedby={fieldMessageId(id)} when erroring. */
export function FormField({ id, label, error, hint, className, children }: FormFieldProps) {
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={fieldMessageId(id)} className="text-sm text-destructive">
          {error}
        </p>
      ) : (
        hint && (
          <p id={fieldMessageId(id)} className="text-xs text-muted-foreground">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

export const fieldMessageId = (id: string) => `${id}-message`;
