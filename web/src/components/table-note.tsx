import type { ReactNode } from 'react';

/** A line of muted text under a table, e.g. that a list shows only its newest rows. */
export function TableNote({ children }: { children: ReactNode }) {
  return <p className="px-4 py-3 text-sm text-muted-foreground">{children}</p>;
}
