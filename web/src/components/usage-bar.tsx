import { cn } from '@/lib/utils.ts';

/** Usage colours: red at 90% and above, yellow at 70% and above, green below. */
export function usageLevel(percent: number): 'high' | 'medium' | 'low' {
  if (percent >= 90) return 'high';
  if (percent >= 70) return 'medium';
  return 'low';
}

const LEVEL_CLASS = { high: 'bg-destructive', medium: 'bg-warning', low: 'bg-success' } as const;

interface UsageBarProps {
  /** 0 to 100; values outside are drawn at the nearest end. */
  percent: number;
  /** Accessible name, e.g. "CPU usage". */
  label: string;
  className?: string;
}

export function UsageBar({ percent, label, className }: UsageBarProps) {
  const clamped = Math.min(100, Math.max(0, percent));
  const level = usageLevel(percent);
  return (
    // A styled bar rather than <meter>, whose colours browsers draw their own way.
    // biome-ignore lint/a11y/useSemanticElements: see above.
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped)}
      data-level={level}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      <div
        className={cn('h-full rounded-full transition-all', LEVEL_CLASS[level])}
        style={{ width: `${clamped}%` }}
      />
    </div>
  );
}
