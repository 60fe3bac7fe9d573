import type { CallRow, CallView } from '@switchboard/contract/calls';
import { useCallQuality } from '../api.ts';
import { formatQuality } from '../call-format.ts';

/**
 * The details' Quality: the call's final figure once it has one; while it runs, the latest MOS either
 * side reported (the same samples the chart below draws), marked live.
 */
export function CallQualityFigure({ call }: { call: CallRow & Partial<Pick<CallView, 'live_mos'>> }) {
  // The server's newest MOS of an active call (the list's figure) comes first, as the list shows it.
  const serverLive = call.status === 'active' && call.live_mos != null ? call.live_mos : null;
  const live =
    serverLive === null && call.quality === null && (call.status === 'active' || call.status === 'ringing');
  const quality = useCallQuality(live ? call.id : null);
  if (serverLive !== null) return <>{formatQuality(serverLive)} (live)</>;
  if (!live) return <>{formatQuality(call.quality)}</>;
  const latest = quality.data?.samples.reduce<{ at: string; mos: number } | null>(
    (newest, s) => (newest && newest.at >= s.sampled_at ? newest : { at: s.sampled_at, mos: s.mos }),
    null,
  );
  return latest ? <>{formatQuality(latest.mos)} (live)</> : formatQuality(null);
}
