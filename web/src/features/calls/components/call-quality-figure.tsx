import type { CallRow } from '@switchboard/contract/calls';
import { useCallQuality } from '../api.ts';
import { formatQuality } from '../call-format.ts';

/**
 * The details' Quality: the call's final figure once it has one; while it runs, the latest MOS either
 * side reported (the same samples the chart below draws), marked live.
 */
export function CallQualityFigure({ call }: { call: CallRow }) {
  const live = call.quality === null && (call.status === 'active' || call.status === 'ringing');
  const quality = useCallQuality(live ? call.id : null);
  if (!live) return <>{formatQuality(call.quality)}</>;
  const latest = quality.data?.samples.reduce<{ at: string; mos: number } | null>(
    (newest, s) => (newest && newest.at >= s.sampled_at ? newest : { at: s.sampled_at, mos: s.mos }),
    null,
  );
  return latest ? <>{formatQuality(latest.mos)} (live)</> : formatQuality(null);
}
