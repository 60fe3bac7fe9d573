import {
  CALL_SETUP_STEP_LABELS,
  CALL_SETUP_STEPS,
  type SetupStepPercentiles,
} from '@switchboard/contract/call-inspector';
import { TitledCard } from '@/components/titled-card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { formatClockTime } from '@/lib/format.ts';
import { useSetupFunnel } from './inspector-api.ts';

/** Every step after the invite, each timed from the step before it. */
const TIMED_STEPS = CALL_SETUP_STEPS.slice(1);
const ms = (value: number) => (value >= 10_000 ? `${(value / 1000).toFixed(0)} s` : `${value} ms`);

/** The call setup funnel per hour: p50 / p95 of each step, from the step before it, over the last 24 hours. */
export function SetupFunnelCard() {
  const funnel = useSetupFunnel();
  return (
    <TitledCard title="Call Setup per Hour (p50 / p95 from the step before)" className="text-sm">
      {funnel.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : funnel.isError ? (
        <p className="text-muted-foreground">{errorMessage(funnel.error, 'Failed to load the call setup')}</p>
      ) : funnel.data.length === 0 ? (
        <p className="text-muted-foreground">No calls were placed through the app in the last 24 hours.</p>
      ) : (
        <SetupTable rows={funnel.data} />
      )}
    </TitledCard>
  );
}

function SetupTable({ rows }: { rows: SetupStepPercentiles[] }) {
  const hours = [...new Set(rows.map((r) => r.hour))].sort().reverse();
  const cell = (hour: string, step: string) => rows.find((r) => r.hour === hour && r.step === step);
  return (
    <Table aria-label="Call setup per hour">
      <TableHeader>
        <TableRow>
          <TableHead>Hour</TableHead>
          {TIMED_STEPS.map((step) => (
            <TableHead key={step}>{CALL_SETUP_STEP_LABELS[step]}</TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {hours.map((hour) => (
          <TableRow key={hour}>
            <TableCell>{formatClockTime(hour)}</TableCell>
            {TIMED_STEPS.map((step) => {
              const figures = cell(hour, step);
              return (
                <TableCell key={step} className="tabular-nums">
                  {figures ? `${ms(figures.p50_ms)} / ${ms(figures.p95_ms)}` : '–'}
                </TableCell>
              );
            })}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
