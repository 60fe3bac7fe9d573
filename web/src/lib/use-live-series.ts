import { LIVE_SERIES_MINUTES, type LivePoint } from '@switchboard/contract/monitoring';
import { useCallback, useState } from 'react';

/** Appends pushed points (the backlog on connecting, then one at a time) and keeps the last 15 minutes. */
export function mergeLivePoints(current: LivePoint[], pushed: LivePoint[]): LivePoint[] {
  const byTime = new Map(current.map((p) => [p.at, p]));
  for (const p of pushed) byTime.set(p.at, p);
  const all = [...byTime.values()].sort((a, b) => a.at.localeCompare(b.at));
  const newest = all.at(-1);
  if (!newest) return all;
  const oldest = Date.parse(newest.at) - LIVE_SERIES_MINUTES * 60_000;
  return all.filter((p) => Date.parse(p.at) >= oldest);
}

/** The live series as the socket sends it, and the handler to give `useLiveSocket`. */
export function useLiveSeries() {
  const [points, setPoints] = useState<LivePoint[]>([]);
  const onPoints = useCallback(
    (pushed: LivePoint[]) => setPoints((current) => mergeLivePoints(current, pushed)),
    [],
  );
  return { points, onPoints };
}
