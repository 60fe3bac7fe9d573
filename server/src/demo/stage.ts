import type { Executor } from '../db/client.ts';
import type { ScaleCounts } from './scale.ts';

/** What every generator gets: the stage's transaction, the seed, "now" in ms and the row counts. */
export interface StageInput {
  tx: Executor;
  seed: number;
  now: number;
  counts: ScaleCounts;
  progress: (done: number, total: number) => void;
}
