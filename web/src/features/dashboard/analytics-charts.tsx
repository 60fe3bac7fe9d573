import type { Analytics } from '@switchboard/contract/dashboard';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { CHART } from '@/components/chart-colors.ts';
import { TitledCard } from '@/components/titled-card.tsx';
import { formatCount } from '@/lib/format.ts';
import { dayLabel } from '@/lib/time-axis.ts';

type Day = Analytics['days'][number];

/** One label a day: the days are distinct, and a long span leaves a gap between labels. */
const dayAxis = { dataKey: 'day', tickFormatter: dayLabel, minTickGap: 16 } as const;

/** Calls by type, success rate, quality and coins per day; each chart has one unit, named in its title. */
export function AnalyticsCharts({ days }: { days: Day[] | undefined }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartCard title="Calls per day">
        <BarChart data={days}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis {...dayAxis} />
          <YAxis allowDecimals={false} tickFormatter={formatCount} width={48} />
          <Tooltip labelFormatter={(day) => dayLabel(String(day))} />
          <Legend />
          <Bar dataKey="voice" name="Voice" stackId="t" fill={CHART.blue} isAnimationActive={false} />
          <Bar dataKey="video" name="Video" stackId="t" fill={CHART.green} isAnimationActive={false} />
          <Bar dataKey="group" name="Group" stackId="t" fill={CHART.amber} isAnimationActive={false} />
        </BarChart>
      </ChartCard>
      <ChartCard title="Call success rate (%)">
        <LineChart data={days}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis {...dayAxis} />
          <YAxis domain={[0, 100]} unit="%" width={48} />
          <Tooltip labelFormatter={(day) => dayLabel(String(day))} />
          <Line
            dataKey="success_rate"
            name="Success %"
            stroke={CHART.green}
            dot={false}
            connectNulls
            isAnimationActive={false}
          />
        </LineChart>
      </ChartCard>
      <ChartCard title="Average call quality (of 5)">
        <LineChart data={days}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis {...dayAxis} />
          <YAxis domain={[0, 5]} ticks={[0, 1, 2, 3, 4, 5]} width={48} />
          <Tooltip labelFormatter={(day) => dayLabel(String(day))} />
          <Line
            dataKey="average_quality"
            name="Quality"
            stroke={CHART.violet}
            dot={false}
            connectNulls
            isAnimationActive={false}
          />
        </LineChart>
      </ChartCard>
      <ChartCard title="Coins earned vs spent (coins)">
        <BarChart data={days}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis {...dayAxis} />
          <YAxis tickFormatter={formatCount} width={56} />
          <Tooltip labelFormatter={(day) => dayLabel(String(day))} />
          <Legend />
          <Bar dataKey="coins_earned" name="Earned" fill={CHART.green} isAnimationActive={false} />
          <Bar dataKey="coins_spent" name="Spent" fill={CHART.red} isAnimationActive={false} />
        </BarChart>
      </ChartCard>
    </div>
  );
}

function ChartCard({ title, children }: { title: string; children: React.ReactElement }) {
  return (
    <TitledCard title={title} className="h-64">
      <ResponsiveContainer>{children}</ResponsiveContainer>
    </TitledCard>
  );
}
