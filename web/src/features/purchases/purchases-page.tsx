import {
  ListPurchasesQuery,
  PURCHASES_PAGE_SIZE,
  type Purchase,
  purchasesEndpoints,
} from '@switchboard/contract/purchases';
import { DownloadIcon, ReceiptIcon } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { DataTable } from '@/components/data-table.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { Pagination, pagerProps } from '@/components/pagination.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { useCan } from '@/lib/permissions.ts';
import { useListUrlState } from '@/lib/use-list-url-state.ts';
import { useReturnFocus } from '@/lib/use-return-focus.ts';
import { downloadPurchasesCsv, usePaymentProviders, usePurchases } from './api.ts';
import { purchaseColumns } from './columns.tsx';
import { ProvidersCard } from './components/providers-card.tsx';
import { PurchasesToolbar } from './components/purchases-toolbar.tsx';
import { ReversePurchaseDialog } from './components/reverse-purchase-dialog.tsx';

const FETCH_FAILED = 'Failed to fetch purchases';

/** Coin Management › Purchases: every paid (or demo) purchase, its provider's proof id, refunds and reversals. */
export function PurchasesPage() {
  const { params, update } = useListUrlState(ListPurchasesQuery);
  const { page, search, provider, status, start, end } = params;
  const filter = { search, provider, status, start, end };
  const query = usePurchases({ page, ...filter });
  const providers = usePaymentProviders();
  const data = query.data;
  const failed = query.isError && !data;
  const can = useCan();
  const [reversing, setReversing] = useState<Purchase | null>(null);
  const [exporting, setExporting] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const returnFocus = useReturnFocus(headingRef);
  const canReverse = can(purchasesEndpoints.reverse);
  const columns = useMemo(
    () =>
      purchaseColumns(
        canReverse
          ? (row) => {
              returnFocus.remember(document.activeElement as HTMLElement | null);
              setReversing(row);
            }
          : undefined,
      ),
    [returnFocus, canReverse],
  );
  const stripeConfigured = providers.data?.some((p) => p.provider === 'stripe' && p.configured) ?? false;

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadPurchasesCsv(filter);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to export purchases'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Purchases"
        description="Coins bought through Stripe, the App Store and the demo provider"
        actions={
          <>
            <Button variant="outline" asChild>
              <Link to="/coin-management">Coin Management</Link>
            </Button>
            <Button variant="outline" onClick={exportCsv} disabled={exporting || failed}>
              <DownloadIcon aria-hidden="true" />
              {exporting ? 'Exporting...' : 'Export CSV'}
            </Button>
          </>
        }
      />
      <ProvidersCard providers={providers.data} />
      <Card className="gap-4 py-4">
        <CardHeader className="px-4">
          <CardTitle ref={headingRef} tabIndex={-1} className="text-base outline-none">
            Purchases
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4 px-4">
          <PurchasesToolbar
            {...filter}
            onChange={(changes, options) => update({ ...changes, cursor: undefined }, options)}
          />
          <DataTable
            label="Purchases"
            columns={columns}
            rows={failed ? [] : data?.purchases}
            getRowId={(row) => String(row.id)}
            stale={query.isPlaceholderData}
            error={
              failed
                ? {
                    title: FETCH_FAILED,
                    message: errorMessage(query.error, FETCH_FAILED),
                    onRetry: () => void query.refetch(),
                  }
                : null
            }
            empty={<EmptyState title="No purchases found" icon={<ReceiptIcon />} />}
            footer={
              data ? (
                <Pagination
                  label="Purchases pages"
                  noun="purchases"
                  page={page}
                  {...pagerProps(data)}
                  pageSize={PURCHASES_PAGE_SIZE}
                  rowCount={data.purchases.length}
                  onPageChange={(next) => update({ page: next })}
                />
              ) : null
            }
          />
        </CardContent>
      </Card>
      <ReversePurchaseDialog
        purchase={reversing}
        stripeConfigured={stripeConfigured}
        onClose={() => setReversing(null)}
        onCloseAutoFocus={returnFocus.onCloseAutoFocus}
      />
    </div>
  );
}
