import { CALL_VERDICT_LABELS } from '@switchboard/contract/call-inspector';
import { Link } from 'react-router';
import { TitledCard } from '@/components/titled-card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { formatCount } from '@/lib/format.ts';
import { useTopVerdicts } from './inspector-api.ts';

/** Why calls failed or went poorly in the last 24 hours, most frequent first; each opens the calls it counts. */
export function TopVerdictsCard() {
  const verdicts = useTopVerdicts();
  return (
    <TitledCard title="Top Call Verdicts (last 24 hours)" className="text-sm">
      {verdicts.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : verdicts.isError ? (
        <p className="text-muted-foreground">{errorMessage(verdicts.error, 'Failed to load the verdicts')}</p>
      ) : verdicts.data.length === 0 ? (
        <p className="text-muted-foreground">No failed or poor calls in the last 24 hours.</p>
      ) : (
        <ol className="flex flex-col gap-1">
          {verdicts.data.slice(0, 5).map(({ verdict, calls }) => (
            <li key={verdict} className="flex justify-between gap-4">
              <Link to={`/calls?verdict=${verdict}`} className="underline-offset-4 hover:underline">
                {CALL_VERDICT_LABELS[verdict]}
              </Link>
              <span className="tabular-nums">{formatCount(calls)}</span>
            </li>
          ))}
        </ol>
      )}
    </TitledCard>
  );
}
