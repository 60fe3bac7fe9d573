import { LIVE_SERIES_MINUTES, type LivePoint } from '@switchboard/contract/monitoring';
import { Line, LineChart, ResponsiveContainer, Tooltip, YAxis } from 'recharts';
import { TitledCard } from '@/components/titled-card.tsx';
import { formatClockTime, formatCount } from '@/lib/format.ts';

type Figure = 'online_users' | 'active_calls' | 'call_attempts_per_minute' | 'poor_call_share';

const FIGURES: { key: Figure; label: string; format(value: number): string }[] = [
  { key: 'online_users', label: 'Online users', format: formatCount },
  { key: 'active_calls', label: 'Active calls', format: formatCount },
  { key: 'call_attempts_per_minute', label: 'Call attempts per minute', format: formatCount },
  { key: 'poor_call_share', label: 'Poor-call share (5 min)', format: (v) => `${(v * 100).toFixed(1)}%` },
];

/**
 * The last 15 minutes of the living system, one small chart per figure, drawn from what the socket pushes
 * (never a database poll). Each chart says its latest value in words for screen readers.
 */
export function LiveCharts({ points }: { points: LivePoint[] }) {
  const latest = points.at(-1);
  return (
    <TitledCard title={`Last ${LIVE_SERIES_MINUTES} minutes`}>
      {points.length === 0 ? (
        <p className="text-sm text-muted-foreground">Waiting for the first live figures…</p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FIGURES.map(({ key, label, format }) => (
            <figure key={key} className="flex flex-col gap-1" aria-label={label}>
              <figcaption className="flex items-baseline justify-between gap-2 text-sm">
                <span className="text-muted-foreground">{label}</span>
                <span className="font-medium tabular-nums" data-testid={`live-${key}`}>
                  {latest ? format(latest[key]) : '—'}
                </span>
              </figcaption>
              <div className="h-16 w-full" aria-hidden="true">
                <ResponsiveContainer width="100%" height="100%">
                  {/* Hidden from assistive technology (the caption has the value): no keyboard layer either. */}
                  <LineChart
                    data={points}
                    margin={{ top: 2, right: 2, bottom: 2, left: 2 }}
                    accessibilityLayer={false}
                  >
                    <YAxis hide domain={[0, 'auto']} />
                    <Tooltip
                      labelFormatter={(_, items) => {
                        const at = items?.[0]?.payload?.at;
                        return typeof at === 'string' ? formatClockTime(at, true) : '';
                      }}
                      formatter={(value) => [format(Number(value)), label]}
                    />
                    <Line
                      dataKey={key}
                      stroke="var(--color-primary)"
                      dot={false}
                      strokeWidth={1.5}
                      isAnimationActive={false}
                    />
                  </LineChart>
                </ResponsiveContainer>
              </div>
            </figure>
          ))}
        </div>
      )}
    </TitledCard>
  );
}
