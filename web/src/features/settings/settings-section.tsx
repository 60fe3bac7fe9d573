import type * as React from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';

/** One settings tab's card: its fields in two columns on wide screens. */
export function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">{children}</CardContent>
    </Card>
  );
}
