import { HEALTH_THRESHOLDS, type MetricsSample } from '@switchboard/contract/monitoring';

type Severity = 'critical' | 'high' | 'medium' | 'low';

export interface CallHealth {
  averageQuality: number;
  /** Today's calls. */
  calls: number;
  /** Calls started in the last RECENT_CALLS_MINUTES: how many, and the shares (0 to 1) flagged and failed. */
  recent: { calls: number; poorShare: number; failedShare: number };
  /** Calls answered in the last RECENT_CALLS_MINUTES: how many, and the share (0 to 1) whose setup was slow. */
  setups: { answered: number; slowShare: number };
  /** The calling settings' alert limits, in percent, and the slow-setup threshold in ms. */
  limits: {
    poorPercent: number;
    connectFailurePercent: number;
    slowSetupPercent: number;
    slowSetupMs: number;
  };
}

/** The window of the call-quality and connect-failure rules. */
export const RECENT_CALLS_MINUTES = 5;

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
const MIN_AVERAGE_QUALITY = 3;
/** Call rules need some calls today before a share means anything. */
const MIN_CALLS_FOR_CALL_RULES = 20;
/** Nor is a share of the last few minutes' calls worth an alert below this many calls. */
export const MIN_RECENT_CALLS = 10;

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
      c.recent.calls >= MIN_RECENT_CALLS && c.recent.failedShare * 100 > c.limits.connectFailurePercent
        ? `${pct(c.recent.failedShare * 100)} of the calls in the last ${RECENT_CALLS_MINUTES} minutes failed to connect`
        : null,
  },
  {
    rule: 'call_poor_quality',
    severity: 'medium',
    scope: 'cluster',
    check: (_s, c) =>
      c.recent.calls >= MIN_RECENT_CALLS && c.recent.poorShare * 100 > c.limits.poorPercent
        ? `${pct(c.recent.poorShare * 100)} of the calls in the last ${RECENT_CALLS_MINUTES} minutes had poor quality`
        : null,
  },
  {
    rule: 'call_slow_setup',
    severity: 'medium',
    scope: 'cluster',
    check: (_s, c) =>
      c.setups.answered >= MIN_RECENT_CALLS && c.setups.slowShare * 100 > c.limits.slowSetupPercent
        ? `${pct(c.setups.slowShare * 100)} of the calls answered in the last ${RECENT_CALLS_MINUTES} minutes took over ${(c.limits.slowSetupMs / 1000).toFixed(1)} s from the answer to media`
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
