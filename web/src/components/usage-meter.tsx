import { formatPercent } from '@/lib/health-display.ts';
import { UsageBar } from './usage-bar.tsx';

interface UsageMeterProps {
  label: string;
  /** 0 to 100; undefined while it loads. */
  value: number | undefined;
  /** The bar's accessible name; the label by default. */
  barLabel?: string;
  /** Test id of the figure, for end-to-end tests that read it. */
  testId?: string;
}

/** A usage row: label and percentage above a coloured bar (CPU, memory, disk). */
export function UsageMeter({ label, value, barLabel = label, testId }: UsageMeterProps) {
  return (
    <div className="space-y-1">
      <div className="flex justify-between text-sm">
        <span>{label}</span>
        <span className="tabular-nums" data-testid={testId}>
          {value === undefined ? '—' : formatPercent(value)}
        </span>
      </div>
      <UsageBar percent={value ?? 0} label={barLabel} />
    </div>
  );
}
