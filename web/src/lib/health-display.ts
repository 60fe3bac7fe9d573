/** Latency labels: under 50 ms Excellent, under 100 Good, under 200 Fair, otherwise Poor. */
export function latencyLabel(ms: number): 'Excellent' | 'Good' | 'Fair' | 'Poor' {
  if (ms < 50) return 'Excellent';
  if (ms < 100) return 'Good';
  if (ms < 200) return 'Fair';
  return 'Poor';
}

/** 93784 → "1d 2h 3m". */
export function formatUptimeDays(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return `${d}d ${h}h ${m}m`;
}

/** 7380 → "2h 3m". */
export function formatUptimeHours(seconds: number): string {
  return `${Math.floor(seconds / 3600)}h ${Math.floor((seconds % 3600) / 60)}m`;
}

export type BadgeVariant = 'success' | 'warning' | 'destructive' | 'secondary';

/** healthy green, warning yellow, critical or error red, anything else neutral. */
export function healthVariant(status: string | undefined): BadgeVariant {
  if (status === 'healthy') return 'success';
  if (status === 'warning') return 'warning';
  if (status === 'critical' || status === 'error') return 'destructive';
  return 'secondary';
}

/** 12.345 → "12.3%". */
export const formatPercent = (percent: number) => `${percent.toFixed(1)}%`;

/** 12.345 → "12.3 ms". */
export const formatMs = (ms: number) => `${ms.toFixed(1)} ms`;
