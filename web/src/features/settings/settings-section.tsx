import type * as React from 'react';
import { TitledCard } from '@/components/titled-card.tsx';

/** One settings tab's card: its fields in two columns on wide screens. */
export function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <TitledCard title={title} className="grid gap-4 sm:grid-cols-2">
      {children}
    </TitledCard>
  );
}
