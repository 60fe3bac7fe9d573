import type { CoinTransaction, CoinTransactionType } from '@switchboard/contract/coins';
import type { ColumnDef } from '@tanstack/react-table';
import { Undo2Icon } from 'lucide-react';
import { IconButton } from '@/components/icon-button.tsx';
import { Time } from '@/components/time.tsx';
import { Badge, type BadgeProps } from '@/components/ui/badge.tsx';
import { valueColumn } from '@/components/value-column.ts';
import { formatCoins } from '@/lib/format.ts';
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

/** `onReverse` is absent when the admin's role may not reverse entries: no actions column then. */
export function transactionColumns(onReverse?: (row: CoinTransaction) => void): ColumnDef<CoinTransaction>[] {
  const columns: ColumnDef<CoinTransaction>[] = [
    valueColumn<CoinTransaction>('user', 'User', (entry) => (
      <span className="font-medium">{entry.username}</span>
    )),
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
    valueColumn<CoinTransaction>(
      'balance_after',
      'Balance After',
      (entry) => formatCoins(entry.balance_after),
      'hidden text-right tabular-nums sm:table-cell',
    ),
    valueColumn<CoinTransaction>(
      'description',
      'Description',
      (entry) => <span title={entry.description}>{entry.description}</span>,
      'hidden max-w-72 truncate md:table-cell',
    ),
    valueColumn<CoinTransaction>(
      'date',
      'Date',
      (entry) => <Time value={entry.created_at} />,
      'hidden whitespace-nowrap lg:table-cell',
    ),
  ];
  if (!onReverse) return columns;
  return [
    ...columns,
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      meta: { className: 'w-12 text-right' },
      cell: ({ row }) => {
        const entry = row.original;
        if (entry.reverses_id !== null || entry.reversed || entry.user_id === null) return null;
        return (
          <IconButton
            icon={Undo2Icon}
            label={`Reverse transaction #${entry.id} of ${entry.username}`}
            title="Reverse"
            onClick={() => onReverse(entry)}
          />
        );
      },
    },
  ];
}
