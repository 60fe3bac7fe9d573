import type { ReactNode } from 'react';

/** One label and value in a details dialog's two-column <dl>. */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  );
}
