import { Tabs as TabsPrimitive } from 'radix-ui';
import type * as React from 'react';
import { useEffect, useRef } from 'react';
import { cn } from '@/lib/utils.ts';

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.List>) {
  const list = useRef<HTMLDivElement>(null);
  // A link to a tab past the strip's edge (a phone) opens with that tab scrolled into the strip.
  useEffect(() => {
    const strip = list.current;
    const active = strip?.querySelector('[data-state=active]');
    if (!strip || !active) return;
    const [outer, inner] = [strip.getBoundingClientRect(), active.getBoundingClientRect()];
    if (inner.right > outer.right) strip.scrollLeft += inner.right - outer.right + 4;
  }, []);
  return (
    <TabsPrimitive.List
      ref={list}
      className={cn(
        // A strip wider than the screen (a phone) scrolls sideways inside itself, never the page.
        'inline-flex h-9 max-w-full items-center gap-1 overflow-x-auto rounded-lg bg-muted p-1 text-muted-foreground [scrollbar-width:thin]',
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-md px-3 py-1 text-sm font-medium whitespace-nowrap transition-colors',
        'focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50',
        'data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('mt-4 focus-visible:outline-none', className)} {...props} />;
}
