import { formatExactTime, formatRelativeTime } from '@/lib/format.ts';
import { useNow } from '@/lib/use-now.ts';

interface TimeProps {
  /** An ISO 8601 moment from the API; null shows `missing`. */
  value: string | null | undefined;
  /** What stands in for no time at all, e.g. "Never" for a user who never signed in. */
  missing?: string;
  /** Show the exact moment as the text (a details dialog), with the relative one on hover instead. */
  exact?: boolean;
  className?: string;
}

/**
 * The one way the console shows a moment: how long ago, in the admin's locale ("3 min. ago"), kept up
 * to date every minute, with the exact time on hover and for screen readers. The machine-readable
 * `dateTime` carries the ISO value. Exports and CSV keep ISO; this is for the screen only.
 */
export function Time({ value, missing = '—', exact = false, className }: TimeProps) {
  const now = useNow();
  if (!value) return <span className={className}>{missing}</span>;
  const relative = formatRelativeTime(value, now);
  const precise = formatExactTime(value);
  if (exact) {
    return (
      <time dateTime={value} title={relative} className={className}>
        {precise}
      </time>
    );
  }
  return (
    <time dateTime={value} title={precise} className={className}>
      <span aria-hidden="true">{relative}</span>
      <span className="sr-only">{`${relative} (${precise})`}</span>
    </time>
  );
}
