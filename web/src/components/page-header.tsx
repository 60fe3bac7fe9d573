import type * as React from 'react';
import { cn } from '@/lib/utils.ts';

interface PageHeaderProps {
  title: string;
  description?: string;
  actions?: React.ReactNode;
  className?: string;
  /** Given, the heading can take focus (tabIndex -1): a screen that opens on it moves focus there. */
  headingRef?: React.Ref<HTMLHeadingElement>;
}

export function PageHeader({ title, description, actions, className, headingRef }: PageHeaderProps) {
  return (
    <div className={cn('flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between', className)}>
      <div className="space-y-1">
        <h1
          ref={headingRef}
          tabIndex={headingRef ? -1 : undefined}
          className="text-2xl font-semibold tracking-tight outline-none"
        >
          {title}
        </h1>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
