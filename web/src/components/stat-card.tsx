import type { ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { cn } from '@/lib/utils.ts';

interface StatCardProps {
  label: string;
  /** The formatted figure; undefined while it loads. */
  value: ReactNode | undefined;
  /** A line under the figure, e.g. "12 online now". */
  hint?: ReactNode;
  icon?: ReactNode;
  className?: string;
}

/** One headline figure on a dashboard or a screen's summary row. */
export function StatCard({ label, value, hint, icon, className }: StatCardProps) {
  return (
    <Card className={cn('gap-2 py-4', className)}>
      <CardContent className="flex min-w-0 flex-col gap-1 px-3 sm:px-4">
        <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
          <span>{label}</span>
          {icon ? <span className="[&_svg]:size-4">{icon}</span> : null}
        </div>
        <div className="text-2xl font-semibold tabular-nums">
          {value === undefined ? <Skeleton className="h-7 w-20" /> : value}
        </div>
        {hint ? <div className="text-xs text-muted-foreground">{hint}</div> : null}
      </CardContent>
    </Card>
  );
}
