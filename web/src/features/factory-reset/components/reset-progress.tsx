import { FACTORY_RESET_PROGRESS, FACTORY_RESET_STEPS } from '@switchboard/contract/factory-reset';
import { useEffect, useState } from 'react';
import { TitledCard } from '@/components/titled-card.tsx';

const { step, max, intervalMs } = FACTORY_RESET_PROGRESS;

/** The step shown at a given percentage: a third of the way each. */
export function progressMessage(percent: number): string {
  const index = Math.min(
    FACTORY_RESET_STEPS.length - 1,
    Math.floor((percent / 100) * FACTORY_RESET_STEPS.length),
  );
  return FACTORY_RESET_STEPS[index] ?? FACTORY_RESET_STEPS[0];
}

/**
 * While the server works the bar rises by 10 every 500 ms and stops at 90; it reaches 100 only when
 * the server has answered.
 */
export function ResetProgress({ complete, message }: { complete: boolean; message: string | null }) {
  const [percent, setPercent] = useState(0);
  useEffect(() => {
    if (complete) return;
    const timer = setInterval(() => setPercent((p) => Math.min(max, p + step)), intervalMs);
    return () => clearInterval(timer);
  }, [complete]);
  const shown = complete ? 100 : percent;
  return (
    <TitledCard
      title={complete ? 'Factory Reset Complete' : 'Factory Reset in Progress'}
      className="flex flex-col gap-3"
    >
      <div
        role="progressbar"
        aria-label="Factory reset progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={shown}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-destructive transition-all" style={{ width: `${shown}%` }} />
      </div>
      <p className="text-sm" role="status">
        {complete ? message : `${progressMessage(shown)}...`}
      </p>
      {complete && (
        <p className="text-sm text-muted-foreground">
          Redirecting to root admin registration in 3 seconds...
        </p>
      )}
    </TitledCard>
  );
}
