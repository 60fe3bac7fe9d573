import { HEALTH_THRESHOLDS, type MetricsSample } from '@switchboard/contract/monitoring';

type Severity = 'critical' | 'high' | 'medium' | 'low';

export interface CallHealth {
  failureRate: number;
  averageQuality: number;
  calls: number;
}

export interface AlertRule {
  rule: string;
  severity: Severity;
  /** The instance the rule is about; call rules are about the whole cluster. */
  scope: 'instance' | 'cluster';
  /** The message while the condition holds, else null. */
  check(sample: MetricsSample, calls: CallHealth): string | null;
}

/** Below this many requests in the window the error rate is too noisy to alert on. */
const MIN_REQUESTS_FOR_ERROR_RATE = 5;
const MAX_CALL_FAILURE_RATE = 0.2;
const MIN_AVERAGE_QUALITY = 3;
/** Call rules need some calls today before a share means anything. */
const MIN_CALLS_FOR_CALL_RULES = 20;

const pct = (n: number) => `${n.toFixed(1)}%`;

export const ALERT_RULES: readonly AlertRule[] = [
  {
    rule: 'cpu',
    severity: 'high',
    scope: 'instance',
    check: (s) =>
      s.cpu_usage > HEALTH_THRESHOLDS.cpu ? `CPU usage ${pct(s.cpu_usage)} on ${s.instance_id}` : null,
  },
  {
    rule: 'memory',
    severity: 'high',
    scope: 'instance',
    check: (s) =>
      s.memory_usage > HEALTH_THRESHOLDS.memory
        ? `Memory usage ${pct(s.memory_usage)} on ${s.instance_id}`
        : null,
  },
  {
    rule: 'disk',
    severity: 'critical',
    scope: 'instance',
    check: (s) =>
      s.disk_usage > HEALTH_THRESHOLDS.disk ? `Disk usage ${pct(s.disk_usage)} on ${s.instance_id}` : null,
  },
  {
    rule: 'error_rate',
    severity: 'critical',
    scope: 'instance',
    check: (s) => {
      const requests = s.routes.reduce((n, r) => n + r.requests, 0);
      if (requests < MIN_REQUESTS_FOR_ERROR_RATE || s.error_rate <= HEALTH_THRESHOLDS.errorRate) return null;
      const failing = s.routes.filter((r) => r.error_rate > 0).map((r) => r.group);
      return `Error rate ${pct(s.error_rate * 100)} on ${s.instance_id} (failing: ${failing.join(', ')})`;
    },
  },
  {
    rule: 'call_failure_rate',
    severity: 'medium',
    scope: 'cluster',
    check: (_s, c) =>
      c.calls >= MIN_CALLS_FOR_CALL_RULES && c.failureRate > MAX_CALL_FAILURE_RATE
        ? `${pct(c.failureRate * 100)} of today's calls failed`
        : null,
  },
  {
    rule: 'call_quality',
    severity: 'medium',
    scope: 'cluster',
    check: (_s, c) =>
      c.calls >= MIN_CALLS_FOR_CALL_RULES && c.averageQuality > 0 && c.averageQuality < MIN_AVERAGE_QUALITY
        ? `Average call quality today is ${c.averageQuality.toFixed(2)}/5`
        : null,
  },
];
