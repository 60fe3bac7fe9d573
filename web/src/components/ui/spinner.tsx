import { Loader2Icon } from 'lucide-react';
import { cn } from '@/lib/utils.ts';

interface SpinnerProps {
  /** Announced to screen readers; also shown beside the icon when showLabel is set. */
  label?: string;
  showLabel?: boolean;
  className?: string;
}

export function Spinner({ label = 'Loading...', showLabel = false, className }: SpinnerProps) {
  return (
    <span
      role="status"
      aria-live="polite"
      className={cn('inline-flex items-center gap-2 text-muted-foreground', className)}
    >
      <Loader2Icon aria-hidden="true" className="size-5 animate-spin" />
      {showLabel ? <span className="text-sm">{label}</span> : <span className="sr-only">{label}</span>}
    </span>
  );
}
