import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART } from '@/components/chart-colors.ts';
import { formatClockTime } from '@/lib/format.ts';

interface Point {
  timestamp: string;
  cpu_usage: number;
  memory_usage: number;
  p95: number;
  error_rate: number;
}

const time = (iso: string) => formatClockTime(iso);

/** The last hour: CPU and memory percent, p95 response time and error rate (percent). */
export function HistoryChart({ points }: { points: Point[] }) {
  const data = points.map((p) => ({ ...p, error_pct: Math.round(p.error_rate * 10_000) / 100 }));
  return (
    <div className="h-64 w-full">
      <ResponsiveContainer>
        <LineChart data={data}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="timestamp" tickFormatter={time} minTickGap={40} />
          <YAxis />
          <Tooltip labelFormatter={(v) => time(String(v))} />
          <Legend />
          <Line dataKey="cpu_usage" name="CPU %" stroke={CHART.blue} dot={false} isAnimationActive={false} />
          <Line
            dataKey="memory_usage"
            name="Memory %"
            stroke={CHART.green}
            dot={false}
            isAnimationActive={false}
          />
          <Line dataKey="p95" name="p95 ms" stroke={CHART.amber} dot={false} isAnimationActive={false} />
          <Line
            dataKey="error_pct"
            name="Errors %"
            stroke={CHART.red}
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
