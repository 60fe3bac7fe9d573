import type { CallRow } from '@switchboard/contract/calls';
import { formatDurationClock } from '@/lib/format.ts';
import { runningSeconds } from '../call-format.ts';

/** The call's duration; for a call still connected, the time since it started, marked "so far". */
export function CallDuration({ call }: { call: CallRow }) {
  const running = runningSeconds(call);
  if (running === null) return formatDurationClock(call.duration);
  return (
    <span title="The call is still connected: time since it started">
      {formatDurationClock(running)} <span className="text-xs text-muted-foreground">so far</span>
    </span>
  );
}
