import { type CoinPackage, coinPackageEndpoints } from '@switchboard/contract/coin-packages';
import { PencilIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { STICKY_ACTIONS } from '@/components/data-table.tsx';
import { IconButton } from '@/components/icon-button.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { formatCoins, formatMoney } from '@/lib/format.ts';
import { useCan } from '@/lib/permissions.ts';
import { cn } from '@/lib/utils.ts';
import { useCoinPackages } from '../api.ts';
import { PackageDialog } from './package-dialog.tsx';

/** On a phone the product id is left to the edit dialog, so a row's Edit stays in view. */
const NARROW_HIDDEN = 'hidden md:table-cell';

/** The coin packages the apps sell, with the store product id each is sold under; add and edit. */
export function CoinPackagesCard() {
  const packages = useCoinPackages();
  const can = useCan();
  const canAdd = can(coinPackageEndpoints.create);
  const canEdit = can(coinPackageEndpoints.update);
  // undefined: closed; null: a new package.
  const [editing, setEditing] = useState<CoinPackage | null | undefined>(undefined);

  return (
    <Card className="gap-4 py-4">
      <CardHeader className="flex flex-row items-center justify-between px-4">
        <CardTitle className="text-base">Coin Packages</CardTitle>
        {canAdd ? (
          <Button size="sm" variant="outline" onClick={() => setEditing(null)}>
            <PlusIcon aria-hidden="true" />
            Add Package
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="px-4">
        {packages.isError ? (
          <p className="text-sm text-destructive">Failed to fetch coin packages</p>
        ) : !packages.data ? (
          <Skeleton className="h-24 w-full" />
        ) : (
          <Table aria-label="Coin Packages">
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Coins</TableHead>
                <TableHead>Price</TableHead>
                <TableHead className={NARROW_HIDDEN}>Store product id</TableHead>
                <TableHead>Status</TableHead>
                {canEdit ? <TableHead className={STICKY_ACTIONS}>Actions</TableHead> : null}
              </TableRow>
            </TableHeader>
            <TableBody>
              {packages.data.map((p) => (
                <TableRow key={p.id}>
                  <TableCell className="font-medium">{p.name}</TableCell>
                  <TableCell className="tabular-nums">{formatCoins(p.coins)}</TableCell>
                  <TableCell className="tabular-nums">{formatMoney(p.price_cents, p.currency)}</TableCell>
                  <TableCell className={cn('font-mono text-xs', NARROW_HIDDEN)}>
                    {p.store_product_id ?? '—'}
                  </TableCell>
                  <TableCell>
                    <Badge variant={p.is_active ? 'default' : 'secondary'}>
                      {p.is_active ? 'On sale' : 'Withdrawn'}
                    </Badge>
                  </TableCell>
                  {canEdit ? (
                    <TableCell className={STICKY_ACTIONS}>
                      <IconButton
                        icon={PencilIcon}
                        label={`Edit package ${p.name}`}
                        title="Edit"
                        onClick={() => setEditing(p)}
                      />
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <PackageDialog pack={editing} onOpenChange={(open) => !open && setEditing(undefined)} />
    </Card>
  );
}
