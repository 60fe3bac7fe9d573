/** How far back response times and the error rate look. */
export const HTTP_WINDOW_MS = 60_000;
/** Bounds memory under heavy load; the newest requests are kept. */
const MAX_ENTRIES = 20_000;

interface Entry {
  at: number;
  ms: number;
  failed: boolean;
  group: string;
}

export interface LatencySummary {
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  errorRate: number;
}

/** `/api/v1/admin/public/users` → `admin`, `/api/v1/health/detailed` → `health`; the web app and assets are `web`. */
export function routeGroup(url: string | undefined): string {
  if (!url) return 'unmatched';
  const parts = url.split('?')[0]?.split('/').filter(Boolean) ?? [];
  if (parts[0] !== 'api') return parts[0] === 'socket.io' ? 'socket.io' : 'web';
  return parts[2] ?? 'api';
}

/** HTTP response times and 5xx share over a sliding window, overall and per route group. */
export class HttpStats {
  private entries: Entry[] = [];

  record(group: string, ms: number, status: number, at = Date.now()): void {
    this.entries.push({ at, ms, failed: status >= 500, group });
    if (this.entries.length > MAX_ENTRIES * 1.5) this.entries = this.entries.slice(-MAX_ENTRIES);
  }

  /** Summary of the window ending at `at`, overall and per group. */
  summarise(at = Date.now()): { all: LatencySummary; groups: Map<string, LatencySummary> } {
    const from = at - HTTP_WINDOW_MS;
    // Entries arrive in time order: drop the expired head in place rather than copying the window.
    const expired = this.entries.findIndex((e) => e.at > from);
    this.entries.splice(0, expired === -1 ? this.entries.length : expired);
    const inWindow = this.entries.filter((e) => e.at <= at);
    const byGroup = new Map<string, Entry[]>();
    for (const e of inWindow) {
      const list = byGroup.get(e.group);
      if (list) list.push(e);
      else byGroup.set(e.group, [e]);
    }
    return {
      all: summary(inWindow),
      groups: new Map([...byGroup].map(([group, list]) => [group, summary(list)])),
    };
  }
}

/**
 * Runs on the event loop every sample over up to 30,000 entries: a typed array sorts numerically without a
 * comparator call per step (an Array sort here stalled every request for 30-40 ms under load).
 */
function summary(entries: Entry[]): LatencySummary {
  if (entries.length === 0) return { requests: 0, p50: 0, p95: 0, p99: 0, errorRate: 0 };
  const sorted = new Float64Array(entries.length);
  let failed = 0;
  entries.forEach((e, i) => {
    sorted[i] = e.ms;
    if (e.failed) failed++;
  });
  sorted.sort();
  return {
    requests: entries.length,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    errorRate: failed / entries.length,
  };
}

/** Nearest-rank percentile of an ascending list. */
export function percentile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] ?? 0;
}
