import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';

interface TitledCardProps {
  title: ReactNode;
  /** The content's layout (grid, spacing, text size). */
  className?: string;
  children?: ReactNode;
}

/** A card with a plain title over its content. */
export function TitledCard({ title, className, children }: TitledCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className={className}>{children}</CardContent>
    </Card>
  );
}
