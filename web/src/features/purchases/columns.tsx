import { PROVIDER_LABELS, type Purchase, type PurchaseStatus } from '@switchboard/contract/purchases';
import type { ColumnDef } from '@tanstack/react-table';
import { Undo2Icon } from 'lucide-react';
import { IconButton } from '@/components/icon-button.tsx';
import { Time } from '@/components/time.tsx';
import { Badge, type BadgeProps } from '@/components/ui/badge.tsx';
import { UserLink } from '@/components/user-link.tsx';
import { valueColumn } from '@/components/value-column.ts';
import { formatCoins, formatMoney } from '@/lib/format.ts';

export const STATUS_LABELS: Record<PurchaseStatus, string> = {
  pending: 'Pending',
  credited: 'Credited',
  refunded: 'Refunded',
  disputed: 'Disputed',
  failed: 'Failed',
};
const STATUS_BADGES: Record<PurchaseStatus, BadgeProps['variant']> = {
  pending: 'outline',
  credited: 'success',
  refunded: 'secondary',
  disputed: 'destructive',
  failed: 'destructive',
};

/** `onReverse` is absent when the admin's role may not reverse purchases: no actions column then. */
export function purchaseColumns(onReverse?: (row: Purchase) => void): ColumnDef<Purchase>[] {
  const columns: ColumnDef<Purchase>[] = [
    valueColumn<Purchase>('user', 'User', (p) => <UserLink id={p.user_id} username={p.username} />),
    valueColumn<Purchase>('provider', 'Provider', (p) =>
      p.provider === 'demo' ? (
        <Badge variant="outline">{PROVIDER_LABELS.demo}</Badge>
      ) : (
        PROVIDER_LABELS[p.provider]
      ),
    ),
    valueColumn<Purchase>('package', 'Package', (p) => p.package_name, 'hidden md:table-cell'),
    valueColumn<Purchase>(
      'coins',
      'Coins',
      (p) => (
        <span className="tabular-nums">
          {formatCoins(p.coins)} coins
          <span className="text-muted-foreground"> · {formatMoney(p.price_cents, p.currency)}</span>
        </span>
      ),
      'text-right',
    ),
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => (
        <span className="flex flex-col gap-0.5">
          <Badge variant={STATUS_BADGES[row.original.status]}>{STATUS_LABELS[row.original.status]}</Badge>
          {row.original.unrecovered_coins > 0 ? (
            <span className="text-destructive text-xs">
              {formatCoins(row.original.unrecovered_coins)} coins owed
            </span>
          ) : null}
        </span>
      ),
    },
    valueColumn<Purchase>(
      'transaction',
      'Transaction',
      (p) => (
        <span data-shows-id className="font-mono text-xs break-all">
          {p.provider_transaction_id ?? '—'}
        </span>
      ),
      'hidden lg:table-cell',
    ),
    valueColumn<Purchase>('date', 'Date', (p) => <Time value={p.created_at} />, 'hidden sm:table-cell'),
  ];
  if (!onReverse) return columns;
  return [
    ...columns,
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) =>
        row.original.status === 'credited' ? (
          <IconButton
            label={`Refund or reverse purchase ${row.original.id} of ${row.original.username}`}
            icon={Undo2Icon}
            onClick={() => onReverse(row.original)}
          />
        ) : null,
    },
  ];
}
