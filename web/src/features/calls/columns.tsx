import type { CallView } from '@switchboard/contract/calls';
import type { ColumnDef } from '@tanstack/react-table';
import { EyeIcon, PhoneIcon, PhoneOffIcon, VideoIcon } from 'lucide-react';
import { IconButton } from '@/components/icon-button.tsx';
import { Time } from '@/components/time.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { valueColumn } from '@/components/value-column.ts';
import { callQualityText, callTitle, capitalize, endReasonText, isLive } from './call-format.ts';
import { CallCost } from './components/call-cost.tsx';
import { CallDuration } from './components/call-duration.tsx';
import { CallStatusBadge } from './components/call-status-badge.tsx';

export interface CallViewActions {
  onView(call: CallView, opener: HTMLElement): void;
  /** Absent when the admin's role may not end calls: the button is not offered. */
  onEnd?: ((call: CallView, opener: HTMLElement) => void) | undefined;
}

export function callColumns(actions: CallViewActions): ColumnDef<CallView>[] {
  return [
    {
      id: 'details',
      header: 'Call Details',
      meta: {
        skeleton: (
          <div className="flex flex-col gap-1.5">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-28" />
          </div>
        ),
      },
      cell: ({ row: { original: call } }) => {
        const TypeIcon = call.type === 'voice' ? PhoneIcon : VideoIcon;
        return (
          <div className="flex flex-col gap-0.5">
            <span className="font-medium">{callTitle(call)}</span>
            <span className="flex items-center gap-1 text-xs text-muted-foreground">
              <TypeIcon className="size-3" aria-hidden="true" />
              {capitalize(call.type)} · <Time value={call.started_at} />
            </span>
          </div>
        );
      },
    },
    valueColumn<CallView>('status', 'Status', (call) => (
      <div className="flex flex-col items-start gap-0.5">
        <CallStatusBadge status={call.status} />
        {call.status === 'failed' && call.end_reason ? (
          <span className="text-xs text-muted-foreground">{endReasonText(call.end_reason)}</span>
        ) : null}
      </div>
    )),
    valueColumn<CallView>(
      'duration',
      'Duration',
      (call) => <CallDuration call={call} />,
      'hidden sm:table-cell tabular-nums',
    ),
    valueColumn<CallView>(
      'quality',
      'Quality',
      (call) => callQualityText(call),
      'hidden md:table-cell tabular-nums',
    ),
    valueColumn<CallView>(
      'cost',
      'Cost',
      (call) => <CallCost call={call} />,
      'hidden md:table-cell tabular-nums',
    ),
    {
      id: 'actions',
      header: 'Actions',
      meta: { skeleton: <Skeleton className="size-8" /> },
      cell: ({ row: { original: call } }) => (
        <div className="flex gap-1">
          <IconButton
            icon={EyeIcon}
            label={`View call ${callTitle(call)}`}
            title="View details"
            onClick={(event) => actions.onView(call, event.currentTarget)}
          />
          {isLive(call) && actions.onEnd ? (
            <IconButton
              icon={PhoneOffIcon}
              className="text-destructive"
              label={`End call ${callTitle(call)}`}
              title="End call"
              onClick={(event) => actions.onEnd?.(call, event.currentTarget)}
            />
          ) : null}
        </div>
      ),
    },
  ];
}
