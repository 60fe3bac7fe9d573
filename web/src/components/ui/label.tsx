import type * as React from 'react';
import { cn } from '@/lib/utils.ts';

/** A form label (a plain <label>: Radix's adds only a double-click guard, at 1 kB of the first load). */
export function Label({ className, ...props }: React.ComponentProps<'label'>) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: every caller passes htmlFor or wraps its control.
    <label
      data-slot="label"
      className={cn(
        'flex items-center gap-2 text-sm leading-none font-medium select-none peer-disabled:cursor-not-allowed peer-disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
}
