import { METRICS_SAMPLE_MS, type MetricsSample } from '@switchboard/contract/monitoring';
import type { Executor } from '../../db/client.ts';
import * as repo from './monitoring.repository.ts';
import { round2 } from './sample-measure.ts';

/** Samples kept in memory: one hour at the sampling interval. */
const HISTORY_LENGTH = 3600_000 / METRICS_SAMPLE_MS;
export const SAMPLES_PER_MINUTE = 60_000 / METRICS_SAMPLE_MS;

/** This instance's last hour of samples in memory, summarised to the database each minute so charts survive a restart. */
export class MetricsHistory {
  private samples: MetricsSample[] = [];

  push(sample: MetricsSample): void {
    this.samples.push(sample);
    if (this.samples.length > HISTORY_LENGTH) this.samples.shift();
  }

  latest(): MetricsSample | undefined {
    return this.samples[this.samples.length - 1];
  }

  /** Stores the mean of the last minute's samples (the worst p95) for this instance. */
  async persistMinute(db: Executor, instanceId: string): Promise<void> {
    const last = this.samples.slice(-SAMPLES_PER_MINUTE);
    if (last.length === 0) return;
    const mean = (pick: (s: MetricsSample) => number) => last.reduce((n, s) => n + pick(s), 0) / last.length;
    const minute = new Date(Math.floor(Date.parse(last[last.length - 1]?.timestamp ?? '') / 60_000) * 60_000);
    await repo.saveMinute(db, {
      instanceId,
      minute,
      cpuUsage: mean((s) => s.cpu_usage),
      memoryUsage: mean((s) => s.memory_usage),
      p95: Math.max(...last.map((s) => s.p95)),
      errorRate: mean((s) => s.error_rate),
    });
  }

  /** The last hour for charts: per-minute summaries (any instance, surviving restarts) before this instance's own samples. */
  async lastHour(db: Executor) {
    const first = this.samples[0];
    const ownFrom = first ? Date.parse(first.timestamp) : Date.now();
    const stored = await repo.minutesSince(db, new Date(Date.now() - 3600_000), new Date(ownFrom));
    return [
      ...stored.map((m) => ({
        timestamp: m.minute.toISOString(),
        cpu_usage: round2(m.cpuUsage),
        memory_usage: round2(m.memoryUsage),
        p95: round2(m.p95),
        error_rate: m.errorRate,
      })),
      ...this.samples.map((h) => ({
        timestamp: h.timestamp,
        cpu_usage: h.cpu_usage,
        memory_usage: h.memory_usage,
        p95: h.p95,
        error_rate: h.error_rate,
      })),
    ];
  }
}
