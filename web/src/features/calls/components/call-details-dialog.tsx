import type { CallRow } from '@switchboard/contract/calls';
import { lazy, Suspense } from 'react';
import { DetailField } from '@/components/detail-field.tsx';
import { DetailList, DetailsDialog } from '@/components/details-dialog.tsx';
import { Time } from '@/components/time.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { formatCoins } from '@/lib/format.ts';
import { capitalize, formatCost, formatQuality, partyName } from '../call-format.ts';
import { CallDuration } from './call-duration.tsx';
import { CallStatusBadge } from './call-status-badge.tsx';

// The chart library loads only when a call's details are first opened.
const CallQualityPanel = lazy(() =>
  import('./call-quality-panel.tsx').then((m) => ({ default: m.CallQualityPanel })),
);

interface CallDetailsDialogProps {
  call: CallRow | null;
  onOpenChange(open: boolean): void;
  onCloseAutoFocus(event: Event): void;
}

export function CallDetailsDialog({ call, onOpenChange, onCloseAutoFocus }: CallDetailsDialogProps) {
  return (
    <DetailsDialog
      open={call !== null}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      title="Call Details"
      description={`Call #${call?.id ?? ''}`}
      className="sm:max-w-xl"
    >
      {call ? (
        <>
          <DetailList>
            <DetailField label="Caller">{partyName(call.caller_username, call.is_anonymous)}</DetailField>
            <DetailField label="Receiver">{partyName(call.callee_username, false)}</DetailField>
            <DetailField label="Type">{capitalize(call.type)}</DetailField>
            <DetailField label="Status">
              <CallStatusBadge status={call.status} />
            </DetailField>
            <DetailField label="Duration">
              <CallDuration call={call} />
            </DetailField>
            <DetailField label="Quality">{formatQuality(call.quality)}</DetailField>
            <DetailField label="Cost">{formatCost(call.cost)}</DetailField>
            <DetailField label="Coins Used">{formatCoins(call.coins_used)}</DetailField>
            <DetailField label="Start Time">
              <Time value={call.started_at} exact />
            </DetailField>
            {call.ended_at ? (
              <DetailField label="End Time">
                <Time value={call.ended_at} exact />
              </DetailField>
            ) : null}
          </DetailList>
          <Suspense fallback={<Skeleton className="h-40 w-full" />}>
            <CallQualityPanel call={call} />
          </Suspense>
        </>
      ) : null}
    </DetailsDialog>
  );
}
