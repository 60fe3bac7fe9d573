import {
  COIN_MESSAGES,
  type CoinStatistics,
  type CoinTransaction,
  coinsEndpoints,
  ListCoinsQuery,
} from '@switchboard/contract/coins';
import { ArrowDownIcon, ArrowUpIcon, CoinsIcon, PlusIcon, ReceiptIcon, UsersIcon, XIcon } from 'lucide-react';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { DataTable } from '@/components/data-table.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { StatCard } from '@/components/stat-card.tsx';
import { STAT_GRID } from '@/components/stat-overview.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { failureToast } from '@/lib/failure-toast.ts';
import { formatCoins } from '@/lib/format.ts';
import { useCan } from '@/lib/permissions.ts';
import { useListUrlState } from '@/lib/use-list-url-state.ts';
import { useReturnFocus } from '@/lib/use-return-focus.ts';
import { useCoins, useReverseTransaction } from './api.ts';
import { signedCoins, transactionColumns } from './columns.tsx';
import { AddCoinsDialog } from './components/add-coins-dialog.tsx';
import { CoinPackagesCard } from './components/coin-packages-card.tsx';
import { CoinsToolbar } from './components/coins-toolbar.tsx';
import { TopUsersCard } from './components/top-users-card.tsx';

const averageFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

const STAT_CARDS: { label: string; icon: ReactNode; value(stats: CoinStatistics): string }[] = [
  { label: 'Total Circulating', icon: <CoinsIcon />, value: (s) => formatCoins(s.total_coins_circulating) },
  { label: 'Total Earned', icon: <ArrowUpIcon />, value: (s) => formatCoins(s.total_coins_earned) },
  { label: 'Total Spent', icon: <ArrowDownIcon />, value: (s) => formatCoins(s.total_coins_spent) },
  {
    label: 'Avg per User',
    icon: <UsersIcon />,
    value: (s) => averageFormat.format(s.average_coins_per_user),
  },
];

/** Coin Management: statistics, top users, the transactions list, Add Coins and reversal. */
export function CoinsPage() {
  const { params, update } = useListUrlState(ListCoinsQuery);
  const { page, search, type, user } = params;
  const query = useCoins({ page, search, type, user });
  const data = query.data;
  const [adding, setAdding] = useState(false);
  const [reversing, setReversing] = useState<CoinTransaction | null>(null);
  const reverse = useReverseTransaction();
  const can = useCan();
  const canReverse = can(coinsEndpoints.reverse);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const returnFocus = useReturnFocus(headingRef);
  const columns = useMemo(
    () =>
      transactionColumns(
        canReverse
          ? (row) => {
              returnFocus.remember(document.activeElement as HTMLElement | null);
              reverse.reset();
              setReversing(row);
            }
          : undefined,
      ),
    [returnFocus, reverse.reset, canReverse],
  );

  const failed = query.isError && !data;
  const stats = failed ? undefined : data;
  const userName = user ? data?.coins[0]?.username : undefined;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Coin Management"
        description="Manage user coins and transactions"
        actions={
          <>
            <Button variant="outline" asChild>
              <Link to="/coin-management/purchases">
                <ReceiptIcon aria-hidden="true" />
                Purchases
              </Link>
            </Button>
            {can(coinsEndpoints.add) ? (
              <Button onClick={() => setAdding(true)}>
                <PlusIcon aria-hidden="true" />
                Add Coins
              </Button>
            ) : null}
          </>
        }
      />

      <div className={STAT_GRID}>
        {STAT_CARDS.map((card) => (
          <StatCard key={card.label} label={card.label} icon={card.icon} value={stats && card.value(stats)} />
        ))}
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        <TopUsersCard
          title="Top Earners"
          sign="+"
          users={stats?.top_earners.map((u) => ({ username: u.username, amount: u.total_earned }))}
        />
        <TopUsersCard
          title="Top Spenders"
          sign="-"
          users={stats?.top_spenders.map((u) => ({ username: u.username, amount: u.total_spent }))}
        />
      </div>

      <CoinPackagesCard />

      <Card className="gap-4 py-4">
        <CardHeader className="px-4">
          <CardTitle ref={headingRef} tabIndex={-1} className="text-base outline-none">
            Recent Transactions
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4 px-4">
          <CoinsToolbar
            search={search}
            type={type}
            onSearchChange={(next) => update({ search: next, cursor: undefined }, { replace: true })}
            onTypeChange={(next) => update({ type: next, cursor: undefined })}
          />
          {user ? (
            <div className="flex items-center gap-2 text-sm">
              <span>
                Ledger of <span className="font-medium">{userName ?? 'this user'}</span>
              </span>
              <Button variant="ghost" size="sm" onClick={() => update({ user: undefined })}>
                <XIcon aria-hidden="true" />
                Show all users
              </Button>
            </div>
          ) : null}
          <DataTable
            label="Recent Transactions"
            columns={columns}
            rows={failed ? [] : data?.coins}
            getRowId={(row) => String(row.id)}
            stale={query.isPlaceholderData}
            error={
              failed
                ? {
                    title: COIN_MESSAGES.fetchFailed,
                    message: errorMessage(query.error, COIN_MESSAGES.fetchFailed),
                    onRetry: () => void query.refetch(),
                  }
                : null
            }
            empty={<EmptyState title="No transactions found" icon={<CoinsIcon />} />}
            pager={{
              label: 'Transactions pages',
              noun: 'transactions',
              page,
              result: data,
              onPageChange: (next) => update({ page: next }),
            }}
          />
        </CardContent>
      </Card>

      <AddCoinsDialog open={adding} onOpenChange={setAdding} />
      <ConfirmDialog
        open={reversing !== null}
        title="Reverse transaction?"
        description="A compensating entry undoes this transaction. A transaction can be reversed only once."
        detail={
          reversing
            ? `${reversing.username}: ${signedCoins(reversing.amount)} — ${reversing.description}`
            : undefined
        }
        confirmLabel="Reverse"
        pendingLabel="Reversing..."
        onOpenChange={(open) => !open && setReversing(null)}
        onCloseAutoFocus={returnFocus.onCloseAutoFocus}
        onConfirm={async () => {
          if (!reversing) return;
          try {
            await reverse.mutateAsync(reversing.id);
            toast.success(COIN_MESSAGES.reversed, {
              description: `${reversing.username}: ${signedCoins(-reversing.amount)} coins`,
            });
          } catch (error) {
            failureToast('Failed to reverse the transaction', error);
          }
        }}
      />
    </div>
  );
}
