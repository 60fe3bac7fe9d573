import type { NotificationStats } from '@switchboard/contract/notifications';
import { Time } from '@/components/time.tsx';
import { TitledCard } from '@/components/titled-card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { formatPercent } from '@/lib/format.ts';

/** The latest sends with their read rates. */
export function RecentActivity({ items }: { items: NotificationStats['recent_activity'] | undefined }) {
  return (
    <TitledCard title="Recent Activity">
      {items === undefined ? (
        <Skeleton className="h-16 w-full" />
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">No notifications sent yet.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {items.map((item) => (
            // The title wraps rather than cut to a few letters; on a phone the time and rate go under it.
            <li
              key={item.id}
              className="flex flex-col gap-0.5 text-sm sm:flex-row sm:items-baseline sm:justify-between sm:gap-4"
            >
              <span className="min-w-0 font-medium break-words">{item.title}</span>
              <span className="shrink-0 text-muted-foreground tabular-nums">
                <Time value={item.sent_at} /> · {formatPercent(item.read_rate)} read
              </span>
            </li>
          ))}
        </ul>
      )}
    </TitledCard>
  );
}
