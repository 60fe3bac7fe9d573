import {
  CALL_SETUP_STEP_LABELS,
  CALL_VERDICT_LABELS,
  type CallInspection,
  type CallNetworkPath,
  type StoredSetupStep,
} from '@switchboard/contract/call-inspector';
import type { CallRow } from '@switchboard/contract/calls';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { useCallInspection } from '../inspector-api.ts';

const STEP_LABELS: Record<StoredSetupStep, string> = { ...CALL_SETUP_STEP_LABELS, ice_failed: 'ICE failed' };
const SIDE = { caller: 'Caller', callee: 'Callee' } as const;
const CANDIDATE = { host: 'host', srflx: 'srflx (STUN)', prflx: 'prflx', relay: 'relay (TURN)' } as const;

const seconds = (ms: number | null) => (ms === null ? '' : `+${(ms / 1000).toFixed(2)} s`);

/** Call Details' "why": the verdict with its evidence, the setup funnel and each side's network path. */
export function CallInspectorPanel({ call }: { call: CallRow }) {
  const inspection = useCallInspection(call.id);
  if (inspection.isPending) return <Skeleton className="h-32 w-full" />;
  if (inspection.isError)
    return (
      <div className="flex items-center gap-2 text-sm text-muted-foreground">
        {errorMessage(inspection.error, 'Failed to load the call setup')}
        <Button size="sm" variant="outline" onClick={() => void inspection.refetch()}>
          Retry
        </Button>
      </div>
    );
  return <Inspection data={inspection.data} />;
}

function Inspection({ data }: { data: CallInspection }) {
  return (
    <div className="flex flex-col gap-4 text-sm">
      <section aria-labelledby="call-verdict-heading" className="flex flex-col gap-1">
        <h3 id="call-verdict-heading" className="font-semibold">
          Verdict
        </h3>
        {data.verdict ? (
          <>
            <p>
              <span className="font-medium">{CALL_VERDICT_LABELS[data.verdict.verdict]}</span>
              {data.verdict.summary !== CALL_VERDICT_LABELS[data.verdict.verdict]
                ? `: ${data.verdict.summary}`
                : null}
            </p>
            <ul aria-label="Evidence" className="list-disc pl-5 text-muted-foreground">
              {data.verdict.evidence.map((fact) => (
                <li key={fact}>{fact}</li>
              ))}
            </ul>
          </>
        ) : (
          <p className="text-muted-foreground">
            {data.judged
              ? 'No problem found.'
              : data.funnel.length > 0
                ? 'Not judged yet: calls are judged a few seconds after they end.'
                : 'No setup was recorded for this call (it was not placed through the calling app).'}
          </p>
        )}
      </section>
      {data.funnel.length > 0 ? (
        <section aria-labelledby="call-setup-heading" className="flex flex-col gap-1">
          <h3 id="call-setup-heading" className="font-semibold">
            Setup
          </h3>
          <ol className="grid grid-cols-[1fr_auto_auto] gap-x-4 gap-y-0.5">
            {data.funnel.map((step) => (
              <li key={`${step.step}-${step.side}`} className="contents">
                <span>{STEP_LABELS[step.step]}</span>
                <span className="text-muted-foreground">{step.side}</span>
                <span className="text-right tabular-nums">{seconds(step.after_invite_ms)}</span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {data.paths.length > 0 ? (
        <section aria-labelledby="call-path-heading" className="flex flex-col gap-1">
          <h3 id="call-path-heading" className="font-semibold">
            Network path
          </h3>
          <ul className="flex flex-col gap-0.5">
            {data.paths.map((path) => (
              <li key={path.side}>
                <span className="font-medium">{SIDE[path.side]}:</span> {pathText(path)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function pathText(path: CallNetworkPath): string {
  const via = path.relay_server ? ` via ${path.relay_server}` : '';
  const rtt = path.rtt_ms === null ? '' : `, RTT ${Math.round(path.rtt_ms)} ms at connect`;
  return `${CANDIDATE[path.local_candidate_type]} → ${CANDIDATE[path.remote_candidate_type]} over ${path.transport.toUpperCase()}${via}${rtt}`;
}
