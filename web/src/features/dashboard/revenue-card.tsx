import type { RevenueResponse } from '@switchboard/contract/purchases';
import { EmptyState } from '@/components/empty-state.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { formatCoins, formatDate, formatMoney } from '@/lib/format.ts';

type RevenueDay = RevenueResponse['data']['days'][number];

/**
 * Revenue per day and per currency: purchases still credited (a refund or a dispute takes its day's
 * money back out), Stripe and the App Store only, with the coins they bought beside the money.
 */
export function RevenueCard({ days, failed }: { days: RevenueDay[] | undefined; failed: boolean }) {
  const totals = new Map<string, { cents: number; coins: number; purchases: number }>();
  for (const d of days ?? []) {
    const total = totals.get(d.currency) ?? { cents: 0, coins: 0, purchases: 0 };
    totals.set(d.currency, {
      cents: total.cents + d.revenue_cents,
      coins: total.coins + d.coins,
      purchases: total.purchases + d.purchases,
    });
  }
  return (
    <Card className="gap-3 py-4">
      <CardHeader className="px-4">
        <CardTitle className="text-base">Revenue</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 px-4">
        {failed ? (
          <p className="text-destructive text-sm">Failed to fetch revenue</p>
        ) : !days ? (
          <Skeleton className="h-24 w-full" />
        ) : days.length === 0 ? (
          <EmptyState title="No paid purchases in this span" description="Demo purchases are not revenue." />
        ) : (
          <>
            <ul className="flex flex-wrap gap-4 text-sm">
              {[...totals].map(([currency, t]) => (
                <li key={currency}>
                  <span className="font-semibold">{formatMoney(t.cents, currency)}</span>{' '}
                  <span className="text-muted-foreground">
                    {formatCoins(t.coins)} coins in {formatCoins(t.purchases)} purchases
                  </span>
                </li>
              ))}
            </ul>
            <Table aria-label="Revenue per day">
              <TableHeader>
                <TableRow>
                  <TableHead>Day</TableHead>
                  <TableHead>Currency</TableHead>
                  <TableHead className="text-right">Revenue</TableHead>
                  <TableHead className="text-right">Coins</TableHead>
                  <TableHead className="text-right">Purchases</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {[...days].reverse().map((d) => (
                  <TableRow key={`${d.day}-${d.currency}`}>
                    <TableCell>{formatDate(`${d.day}T12:00:00Z`)}</TableCell>
                    <TableCell>{d.currency}</TableCell>
                    <TableCell className="text-right tabular-nums">
                      {formatMoney(d.revenue_cents, d.currency)}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{formatCoins(d.coins)} coins</TableCell>
                    <TableCell className="text-right tabular-nums">{formatCoins(d.purchases)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </CardContent>
    </Card>
  );
}
