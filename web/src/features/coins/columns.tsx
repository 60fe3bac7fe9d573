import type { CoinTransaction, CoinTransactionType } from '@switchboard/contract/coins';
import type { ColumnDef } from '@tanstack/react-table';
import { Undo2Icon } from 'lucide-react';
import { Badge, type BadgeProps } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { formatCoins, formatDateTime } from '@/lib/format.ts';
import { cn } from '@/lib/utils.ts';

export const TYPE_LABELS: Record<CoinTransactionType, string> = {
  earn: 'Earn',
  spend: 'Spend',
  transfer: 'Transfer',
  bonus: 'Bonus',
  penalty: 'Penalty',
};
const TYPE_BADGES: Record<CoinTransactionType, BadgeProps['variant']> = {
  earn: 'success',
  bonus: 'success',
  spend: 'secondary',
  transfer: 'outline',
  penalty: 'destructive',
};

/** "+120" or "-20": the sign always shown. */
export const signedCoins = (amount: number) => `${amount > 0 ? '+' : ''}${formatCoins(amount)}`;

export function transactionColumns(onReverse: (row: CoinTransaction) => void): ColumnDef<CoinTransaction>[] {
  return [
    {
      id: 'user',
      header: 'User',
      cell: ({ row }) => <span className="font-medium">{row.original.username}</span>,
    },
    {
      id: 'type',
      header: 'Type',
      cell: ({ row }) => (
        <Badge variant={TYPE_BADGES[row.original.transaction_type]}>
          {TYPE_LABELS[row.original.transaction_type]}
        </Badge>
      ),
    },
    {
      id: 'amount',
      header: 'Amount',
      meta: { className: 'text-right tabular-nums' },
      cell: ({ row }) => (
        <span className={cn('font-medium', row.original.amount > 0 ? 'text-success' : 'text-destructive')}>
          {signedCoins(row.original.amount)}
        </span>
      ),
    },
    {
      id: 'balance_after',
      header: 'Balance After',
      meta: { className: 'hidden text-right tabular-nums sm:table-cell' },
      cell: ({ row }) => formatCoins(row.original.balance_after),
    },
    {
      id: 'description',
      header: 'Description',
      meta: { className: 'hidden max-w-72 truncate md:table-cell' },
      cell: ({ row }) => <span title={row.original.description}>{row.original.description}</span>,
    },
    {
      id: 'date',
      header: 'Date',
      meta: { className: 'hidden whitespace-nowrap lg:table-cell' },
      cell: ({ row }) => formatDateTime(row.original.created_at),
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      meta: { className: 'w-12 text-right' },
      cell: ({ row }) => {
        const entry = row.original;
        if (entry.reverses_id !== null || entry.reversed || entry.user_id === null) return null;
        return (
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Reverse transaction #${entry.id} of ${entry.username}`}
            title="Reverse"
            onClick={() => onReverse(entry)}
          >
            <Undo2Icon aria-hidden="true" />
          </Button>
        );
      },
    },
  ];
}
