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
import { ErrorPanel } from '@/components/error-panel.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { TitledCard } from '@/components/titled-card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { useAnalytics } from './api.ts';
import { DashboardPage } from './dashboard-page.tsx';

const shortDay = (day: string) => day.slice(5);

/** The dashboard, then 30 days of calls, success rate, quality and coins from the rollups. */
export function AnalyticsPage() {
  const query = useAnalytics();
  const days = query.data?.days;
  return (
    <div className="space-y-6">
      <DashboardPage />
      <PageHeader title="Analytics" description="The last 30 days" />
      {query.isError ? (
        <ErrorPanel
          message={errorMessage(query.error, 'Failed to fetch dashboard data')}
          onRetry={() => void query.refetch()}
          retryLabel="Try Again"
        />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <ChartCard title="Calls per day">
            <BarChart data={days}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="day" tickFormatter={shortDay} />
              <YAxis allowDecimals={false} />
              <Tooltip />
              <Legend />
              <Bar dataKey="voice" name="Voice" stackId="t" fill={CHART.blue} isAnimationActive={false} />
              <Bar dataKey="video" name="Video" stackId="t" fill={CHART.green} isAnimationActive={false} />
              <Bar dataKey="group" name="Group" stackId="t" fill={CHART.amber} isAnimationActive={false} />
            </BarChart>
          </ChartCard>
          <ChartCard title="Call success rate (%)">
            <LineChart data={days}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="day" tickFormatter={shortDay} />
              <YAxis domain={[0, 100]} />
              <Tooltip />
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
              <XAxis dataKey="day" tickFormatter={shortDay} />
              <YAxis domain={[0, 5]} />
              <Tooltip />
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
          <ChartCard title="Coins earned vs spent">
            <BarChart data={days}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="day" tickFormatter={shortDay} />
              <YAxis />
              <Tooltip />
              <Legend />
              <Bar dataKey="coins_earned" name="Earned" fill={CHART.green} isAnimationActive={false} />
              <Bar dataKey="coins_spent" name="Spent" fill={CHART.red} isAnimationActive={false} />
            </BarChart>
          </ChartCard>
        </div>
      )}
      {query.isPending && <Skeleton className="h-64 w-full" />}
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
