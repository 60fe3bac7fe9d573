import type { CallView } from '@switchboard/contract/calls';
import { callCost } from '../call-format.ts';

/** "4 coins · $0.03": coins first, their money value at the package price beside them; "so far" while active. */
export function CallCost({ call }: { call: CallView }) {
  const cost = callCost(call);
  return (
    <span className="whitespace-nowrap">
      {cost.coins}
      {cost.running ? ' so far' : ''}
      {cost.money ? <span className="text-muted-foreground"> · {cost.money}</span> : null}
    </span>
  );
}
