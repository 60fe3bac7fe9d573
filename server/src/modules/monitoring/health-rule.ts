import { HEALTH_THRESHOLDS, type HealthStatus } from '@switchboard/contract/monitoring';

interface Measured {
  cpu_usage: number;
  memory_usage: number;
  disk_usage: number;
  error_rate: number;
}

/**
 * The system health rule: an issue for each of CPU > 80, memory > 85, disk > 90 (percent) and
 * error rate > 0.05; healthy with none, warning with one or two, critical with more.
 */
export function systemHealth(m: Measured): {
  status: HealthStatus;
  issues: string[];
  recommendations: string[];
} {
  const issues: string[] = [];
  const recommendations: string[] = [];
  if (m.cpu_usage > HEALTH_THRESHOLDS.cpu) {
    issues.push(`High CPU usage (${m.cpu_usage.toFixed(1)}%)`);
    recommendations.push('Find the busy process or add a server instance behind the load balancer');
  }
  if (m.memory_usage > HEALTH_THRESHOLDS.memory) {
    issues.push(`High memory usage (${m.memory_usage.toFixed(1)}%)`);
    recommendations.push('Free memory on the host or give it more RAM');
  }
  if (m.disk_usage > HEALTH_THRESHOLDS.disk) {
    issues.push(`Low disk space (${m.disk_usage.toFixed(1)}% used)`);
    recommendations.push('Remove old backups and logs from the data directory, or enlarge the disk');
  }
  if (m.error_rate > HEALTH_THRESHOLDS.errorRate) {
    issues.push(`High error rate (${(m.error_rate * 100).toFixed(1)}% of requests fail)`);
    recommendations.push('Check the System Logs screen for the failing requests');
  }
  const status: HealthStatus = issues.length === 0 ? 'healthy' : issues.length <= 2 ? 'warning' : 'critical';
  return { status, issues, recommendations };
}
