import { CALL_MESSAGES, type CallView, callsEndpoints, ListCallsQuery } from '@switchboard/contract/calls';
import { ActivityIcon, ClockIcon, CoinsIcon, DownloadIcon, PhoneIcon } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { DataTable } from '@/components/data-table.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { ErrorPanel } from '@/components/error-panel.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { StatCard } from '@/components/stat-card.tsx';
import { STAT_GRID } from '@/components/stat-overview.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { formatCount, formatDurationClock, formatMoney } from '@/lib/format.ts';
import { useCan } from '@/lib/permissions.ts';
import { useListUrlState } from '@/lib/use-list-url-state.ts';
import { useReturnFocus } from '@/lib/use-return-focus.ts';
import { downloadCallsCsv, useCallStatistics, useCalls, useEndCall } from './api.ts';
import { callTitle, coinsText } from './call-format.ts';
import { callColumns } from './columns.tsx';
import { CallDetailsDialog } from './components/call-details-dialog.tsx';
import { CallRangePicker, RANGE_LABELS } from './components/call-range-picker.tsx';
import { CallsToolbar } from './components/calls-toolbar.tsx';
import { useLinkedCall } from './use-linked-call.ts';

export function CallsPage() {
  const { params, update } = useListUrlState(ListCallsQuery);
  const calls = useCalls(params);
  const range = { range: params.range, from: params.from, to: params.to };
  const stats = useCallStatistics(range);
  const endCall = useEndCall();
  const canEnd = useCan()(callsEndpoints.end);
  const [viewing, setViewing] = useState<CallView | null>(null);
  const linked = useLinkedCall();
  const [ending, setEnding] = useState<CallView | null>(null);
  const [exporting, setExporting] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const returnFocus = useReturnFocus(headingRef);

  const columns = useMemo(
    () =>
      callColumns({
        onView: (call, opener) => {
          returnFocus.remember(opener);
          setViewing(call);
        },
        onEnd: canEnd
          ? (call, opener) => {
              returnFocus.remember(opener);
              setEnding(call);
            }
          : undefined,
      }),
    [returnFocus, canEnd],
  );

  const failed = calls.isError || stats.isError;
  const retry = () => {
    if (calls.isError) void calls.refetch();
    if (stats.isError) void stats.refetch();
  };
  const s = stats.data;
  const page = calls.data;
  // The open details follow the list as it refreshes (an active call's running cost and MOS).
  const viewed = viewing && (page?.calls.find((c) => c.id === viewing.id) ?? viewing);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { search, status, type, quality, flag, verdict } = params;
      await downloadCallsCsv({ search, status, type, quality, flag, verdict, ...range });
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to export calls'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Calls Management"
        description="Monitor and manage voice and video calls"
        actions={
          <Button variant="outline" onClick={exportCsv} disabled={exporting || failed}>
            <DownloadIcon aria-hidden="true" />
            {exporting ? 'Exporting...' : 'Export CSV'}
          </Button>
        }
      />
      {failed ? (
        <ErrorPanel
          title={CALL_MESSAGES.fetchFailed}
          message={errorMessage(calls.error ?? stats.error, CALL_MESSAGES.fetchFailed)}
          onRetry={retry}
        />
      ) : (
        <>
          <CallRangePicker range={params.range} from={params.from} to={params.to} onChange={update} />
          <div className={STAT_GRID}>
            <StatCard
              label="Total Calls"
              icon={<PhoneIcon />}
              value={s && formatCount(s.total_calls)}
              hint={
                s ? (
                  <>
                    {params.range === 'all' ? 'All time' : RANGE_LABELS[params.range]}
                    {' · '}
                    <button
                      type="button"
                      className="font-medium text-destructive underline-offset-4 hover:underline"
                      aria-pressed={params.status === 'failed'}
                      onClick={() => update({ status: params.status === 'failed' ? 'all' : 'failed' })}
                    >
                      {formatCount(s.failed_calls)} failed
                    </button>
                  </>
                ) : undefined
              }
            />
            <StatCard
              label="Active Calls"
              icon={<ActivityIcon />}
              value={s && formatCount(s.active_calls)}
              hint={s ? `${formatCount(s.ringing_calls)} ringing` : undefined}
            />
            <StatCard
              label="Avg Duration"
              icon={<ClockIcon />}
              value={s && formatDurationClock(s.average_duration)}
            />
            <StatCard
              label="Total Revenue"
              icon={<CoinsIcon />}
              value={s && coinsText(s.total_coins)}
              hint={
                s
                  ? s.revenue_value && s.coin_value
                    ? `${formatMoney(s.revenue_value.cents, s.revenue_value.currency)} at the ${s.coin_value.package_name} package price`
                    : 'No paid coin package on sale'
                  : undefined
              }
            />
          </div>
          <Card>
            <CardHeader>
              <CardTitle ref={headingRef} tabIndex={-1} className="outline-none">
                Recent Calls
              </CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              <CallsToolbar
                search={params.search}
                status={params.status}
                type={params.type}
                quality={params.quality}
                flag={params.flag}
                verdict={params.verdict}
                onChange={update}
              />
              <DataTable
                label="Recent Calls"
                columns={columns}
                rows={page?.calls}
                getRowId={(call) => String(call.id)}
                stale={calls.isPlaceholderData}
                skeletonRows={8}
                empty={
                  <EmptyState title="No calls found" description="No calls match the search and filters." />
                }
                pager={{
                  label: 'Calls pages',
                  noun: 'calls',
                  page: params.page,
                  result: page,
                  onPageChange: (next) => update({ page: next }),
                }}
              />
            </CardContent>
          </Card>
        </>
      )}
      <CallDetailsDialog
        call={viewed ?? linked.call}
        onOpenChange={(open) => {
          if (open) return;
          setViewing(null);
          if (linked.call) linked.close();
        }}
        onCloseAutoFocus={returnFocus.onCloseAutoFocus}
      />
      <ConfirmDialog
        open={ending !== null}
        title="End this call?"
        description="The call is disconnected for both sides and billed up to now."
        detail={ending ? callTitle(ending) : undefined}
        confirmLabel="End Call"
        pendingLabel="Ending..."
        onOpenChange={(open) => !open && setEnding(null)}
        onCloseAutoFocus={returnFocus.onCloseAutoFocus}
        onConfirm={async () => {
          if (!ending) return;
          try {
            await endCall.mutateAsync(ending);
            toast.success(CALL_MESSAGES.ended);
          } catch (error) {
            toast.error(errorMessage(error, 'Failed to end call'));
          }
        }}
      />
    </div>
  );
}
