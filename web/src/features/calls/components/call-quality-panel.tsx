import {
  CALL_QUALITY_FLAG_LABELS,
  type CallQualityCrossing,
  type CallQualitySample,
} from '@switchboard/contract/call-quality';
import type { CallRow } from '@switchboard/contract/calls';
import { useState } from 'react';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { formatClockTime } from '@/lib/format.ts';
import { timeAxis, timeAxisProps, toMs } from '@/lib/time-axis.ts';
import { useCallQuality } from '../api.ts';
import { partyName } from '../call-format.ts';

const METRICS = {
  mos: 'MOS',
  jitter_ms: 'Jitter (ms)',
  packet_loss: 'Packet loss (%)',
  rtt_ms: 'RTT (ms)',
  bitrate_kbps: 'Bitrate (kbps)',
} as const satisfies Partial<Record<keyof CallQualitySample, string>>;
type Metric = keyof typeof METRICS;

/** The metric each named threshold is about, so its crossings are marked on that metric's chart. */
const FLAG_METRIC: Record<CallQualityCrossing['flag'], Metric> = {
  high_rtt: 'rtt_ms',
  high_jitter: 'jitter_ms',
  high_loss: 'packet_loss',
  low_mos: 'mos',
};

/** One line a side of the call, the caller's in the primary colour. */
const SIDES = [
  { side: 'caller', stroke: 'var(--color-primary)' },
  { side: 'callee', stroke: 'var(--color-destructive)' },
] as const;

const timeOf = (iso: string) => formatClockTime(iso, true);

/** Each client reports on its own; one point per report, each side its own line. */
const MOS_AXIS = { domain: [1, 5], ticks: [1, 2, 3, 4, 5], allowDataOverflow: true } as const;

function chartPoints(samples: CallQualitySample[], metric: Metric) {
  return samples.map((s) => ({ at: toMs(s.sampled_at), [s.side]: s[metric] }));
}

export function CallQualityPanel({ call }: { call: CallRow }) {
  const quality = useCallQuality(call.id);
  const [metric, setMetric] = useState<Metric>('mos');
  const names = {
    caller: partyName(call.caller_username, call.is_anonymous),
    callee: partyName(call.callee_username, false),
  };

  if (quality.isPending) return <Skeleton className="h-40 w-full" />;
  if (quality.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(quality.error, 'Failed to load call quality')}
      </p>
    );
  const { samples, crossings, worse_side } = quality.data;
  const axis = timeAxis(
    samples.map((s) => toMs(s.sampled_at)),
    5,
  );
  if (samples.length === 0)
    return (
      <>
        <Crossings crossings={crossings} />
        <p className="text-sm text-muted-foreground">No quality samples for this call.</p>
      </>
    );

  return (
    <section aria-label="Call quality" className="flex flex-col gap-2">
      <Crossings crossings={crossings} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-medium">Call quality</h3>
        {worse_side ? (
          <p className="text-xs text-muted-foreground">
            Worse side: <strong>{names[worse_side]}</strong> ({worse_side})
          </p>
        ) : null}
      </div>
      <fieldset className="flex flex-wrap gap-1">
        <legend className="sr-only">Quality metric</legend>
        {(Object.keys(METRICS) as Metric[]).map((key) => (
          <Button
            key={key}
            size="sm"
            variant={key === metric ? 'secondary' : 'ghost'}
            aria-pressed={key === metric}
            onClick={() => setMetric(key)}
          >
            {METRICS[key]}
          </Button>
        ))}
      </fieldset>
      <div className="h-40 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={chartPoints(samples, metric)} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
            <XAxis {...timeAxisProps('at', axis)} tick={{ fontSize: 10 }} />
            {/* MOS is a 1–5 score: its axis shows that scale, not the data's own range. */}
            <YAxis tick={{ fontSize: 10 }} {...(metric === 'mos' ? MOS_AXIS : {})} />
            <Tooltip labelFormatter={(at) => axis.exact(Number(at))} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {crossings
              .filter((c) => FLAG_METRIC[c.flag] === metric)
              .map((c) => (
                <ReferenceLine
                  key={`${c.side}-${c.flag}-${c.crossed_at}`}
                  x={toMs(c.crossed_at)}
                  stroke={SIDES.find((s) => s.side === c.side)?.stroke}
                  strokeDasharray="4 2"
                  label={{ value: CALL_QUALITY_FLAG_LABELS[c.flag], fontSize: 10, position: 'insideTopLeft' }}
                />
              ))}
            {SIDES.map(({ side, stroke }) => (
              <Line
                key={side}
                dataKey={side}
                name={names[side]}
                stroke={stroke}
                dot={false}
                connectNulls
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
    </section>
  );
}

/** The moments a side crossed a named threshold: "High RTT crossed at 12:03:05 (caller)". */
function Crossings({ crossings }: { crossings: CallQualityCrossing[] }) {
  if (crossings.length === 0) return null;
  return (
    <section aria-labelledby="quality-crossings-title" className="flex flex-col gap-1">
      <h3 id="quality-crossings-title" className="text-sm font-medium">
        Quality thresholds crossed
      </h3>
      <ul aria-label="Quality thresholds crossed" className="flex flex-col gap-0.5 text-sm">
        {crossings.map((c) => (
          <li key={`${c.side}-${c.flag}-${c.crossed_at}`}>
            {CALL_QUALITY_FLAG_LABELS[c.flag]} crossed at {timeOf(c.crossed_at)} ({c.side})
          </li>
        ))}
      </ul>
    </section>
  );
}
