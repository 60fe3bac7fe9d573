import type { CallView } from '@switchboard/contract/calls';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { DetailField } from '@/components/detail-field.tsx';
import { DetailList, DetailsDialog } from '@/components/details-dialog.tsx';
import { Time } from '@/components/time.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { formatCoins } from '@/lib/format.ts';
import { capitalize, endReasonText, logsAroundCall, partyName } from '../call-format.ts';
import { CallCost } from './call-cost.tsx';
import { CallDuration } from './call-duration.tsx';
import { CallInspectorPanel } from './call-inspector-panel.tsx';
import { CallQualityFigure } from './call-quality-figure.tsx';
import { CallStatusBadge } from './call-status-badge.tsx';

// The chart library loads only when a call's details are first opened.
const CallQualityPanel = lazy(() =>
  import('./call-quality-panel.tsx').then((m) => ({ default: m.CallQualityPanel })),
);

/** A party's name linking to their user page; an anonymous caller or a deleted user stays plain text. */
function Party({ id, name, hidden }: { id: string | null; name: string | null; hidden: boolean }): ReactNode {
  const text = partyName(name, hidden);
  if (!id || hidden) return text;
  return (
    <Link to={`/users/${id}`} className="font-medium underline-offset-4 hover:underline">
      {text}
    </Link>
  );
}

interface CallDetailsDialogProps {
  call: CallView | null;
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
            <DetailField label="Caller">
              <Party id={call.caller_id} name={call.caller_username} hidden={call.is_anonymous} />
            </DetailField>
            <DetailField label="Receiver">
              <Party id={call.callee_id} name={call.callee_username} hidden={false} />
            </DetailField>
            <DetailField label="Type">{capitalize(call.type)}</DetailField>
            <DetailField label="Status">
              <CallStatusBadge status={call.status} />
            </DetailField>
            {call.end_reason ? (
              <DetailField label={call.status === 'failed' ? 'Failure Reason' : 'End Reason'}>
                {endReasonText(call.end_reason)}
              </DetailField>
            ) : null}
            <DetailField label="Duration">
              <CallDuration call={call} />
            </DetailField>
            <DetailField label="Quality">
              <CallQualityFigure call={call} />
            </DetailField>
            <DetailField label="Cost">
              <CallCost call={call} />
            </DetailField>
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
          <Link to={logsAroundCall(call)} className="text-sm font-medium underline-offset-4 hover:underline">
            System logs around the call's start
          </Link>
          <CallInspectorPanel call={call} />
          <Suspense fallback={<Skeleton className="h-40 w-full" />}>
            <CallQualityPanel call={call} />
          </Suspense>
        </>
      ) : null}
    </DetailsDialog>
  );
}
