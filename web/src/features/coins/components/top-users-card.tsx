import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { formatCoins } from '@/lib/format.ts';
import { cn } from '@/lib/utils.ts';

interface TopUsersCardProps {
  title: string;
  /** undefined while loading. */
  users: { username: string; amount: number }[] | undefined;
  /** '+' for earned, '-' for spent. */
  sign: '+' | '-';
}

/** Top Earners or Top Spenders: rank, username and amount. */
export function TopUsersCard({ title, users, sign }: TopUsersCardProps) {
  return (
    <Card className="gap-3 py-4">
      <CardHeader className="px-4">
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent className="px-4">
        {users === undefined ? (
          <div className="flex flex-col gap-2">
            <Skeleton className="h-5 w-full" />
            <Skeleton className="h-5 w-full" />
            <Skeleton className="h-5 w-full" />
          </div>
        ) : users.length === 0 ? (
          <p className="text-sm text-muted-foreground">No data available</p>
        ) : (
          <ol aria-label={title} className="flex flex-col gap-2 text-sm">
            {users.map((user, index) => (
              <li key={user.username} className="flex items-center gap-3">
                <span className="w-6 text-muted-foreground tabular-nums">#{index + 1}</span>
                <span className="min-w-0 flex-1 truncate font-medium">{user.username}</span>
                <span className={cn('tabular-nums', sign === '+' ? 'text-success' : 'text-destructive')}>
                  {sign}
                  {formatCoins(user.amount)}
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
