import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART } from '@/components/chart-colors.ts';
import { type TimeAxis, timeAxis, timeAxisProps, toMs } from '@/lib/time-axis.ts';

interface Point {
  timestamp: string;
  cpu_usage: number;
  memory_usage: number;
  p95: number;
  error_rate: number;
}

type Row = Point & { at: number; error_pct: number };

/**
 * The last hour in two charts, one unit each: CPU, memory and error rate in percent, and the p95
 * response time in milliseconds, over the same time axis.
 */
export function HistoryChart({ points }: { points: Point[] }) {
  const data: Row[] = points.map((p) => ({
    ...p,
    at: toMs(p.timestamp),
    error_pct: Math.round(p.error_rate * 10_000) / 100,
  }));
  const axis = timeAxis(data.map((p) => p.at));
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <UnitChart title="Usage and errors (%)" data={data} axis={axis} unit="%" domain={[0, 100]}>
        <Line dataKey="cpu_usage" name="CPU" stroke={CHART.blue} dot={false} isAnimationActive={false} />
        <Line
          dataKey="memory_usage"
          name="Memory"
          stroke={CHART.green}
          dot={false}
          isAnimationActive={false}
        />
        <Line dataKey="error_pct" name="Errors" stroke={CHART.red} dot={false} isAnimationActive={false} />
      </UnitChart>
      <UnitChart title="Response time, p95 (ms)" data={data} axis={axis} unit=" ms" domain={[0, 'auto']}>
        <Line dataKey="p95" name="p95" stroke={CHART.amber} dot={false} isAnimationActive={false} />
      </UnitChart>
    </div>
  );
}

function UnitChart({
  title,
  data,
  axis,
  unit,
  domain,
  children,
}: {
  title: string;
  data: Row[];
  axis: TimeAxis;
  unit: string;
  domain: [number, number | 'auto'];
  children: React.ReactNode;
}) {
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-sm font-medium">{title}</figcaption>
      <div className="h-56 w-full">
        <ResponsiveContainer>
          <LineChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis {...timeAxisProps('at', axis)} />
            <YAxis unit={unit} domain={domain} width={64} allowDecimals={false} />
            <Tooltip
              labelFormatter={(at) => axis.exact(Number(at))}
              formatter={(value, name) => [`${value}${unit}`, name]}
            />
            <Legend />
            {children}
          </LineChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
