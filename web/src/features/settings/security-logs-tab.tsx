import { AUDIT_LOG_MESSAGES, type AuditLogEntry } from '@switchboard/contract/audit-log';
import { ErrorPanel } from '@/components/error-panel.tsx';
import { Time } from '@/components/time.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { UserLink } from '@/components/user-link.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { useSecurityLogs } from './api.ts';
import { Section } from './settings-section.tsx';

const SEVERITY_VARIANT = {
  critical: 'destructive',
  high: 'destructive',
  medium: 'warning',
  low: 'secondary',
} as const satisfies Record<AuditLogEntry['severity'], string>;

/** Whom or what the action was about: a person by name and linked, anything else by its kind and key. */
function Target({ entry }: { entry: AuditLogEntry }) {
  if (entry.target_type === 'user' && entry.target_id)
    return <UserLink id={entry.target_id} username={entry.target_username} />;
  return <span>{entry.target_type.replaceAll('_', ' ')}</span>;
}

/**
 * The latest audit-log entries with the spec's Security log fields: event type, severity, description,
 * IP address, user agent and time, beside who did it and to which target.
 */
export function SecurityLogsTab() {
  const logs = useSecurityLogs();
  if (logs.isPending) return <Spinner showLabel />;
  if (logs.isError)
    return (
      <ErrorPanel
        title="Security Logs"
        message={errorMessage(logs.error, AUDIT_LOG_MESSAGES.fetchFailed)}
        onRetry={() => void logs.refetch()}
      />
    );
  return (
    <Section title="Security Logs">
      {logs.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No security logs</p>
      ) : (
        <ul className="min-w-0 divide-y text-sm sm:col-span-2">
          {logs.data.map((entry) => (
            <li key={entry.id} className="flex min-w-0 flex-col gap-1 py-2" data-testid="security-log">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="flex min-w-0 flex-wrap items-center gap-2">
                  <Badge variant={SEVERITY_VARIANT[entry.severity]}>{entry.severity}</Badge>
                  <span className="font-medium">{entry.event_type}</span>
                  <span className="min-w-0 wrap-anywhere text-muted-foreground">{entry.description}</span>
                </span>
                <Time value={entry.timestamp} className="text-muted-foreground" />
              </div>
              <div className="flex min-w-0 flex-wrap gap-x-3 gap-y-1 text-xs wrap-anywhere text-muted-foreground">
                <span>
                  By{' '}
                  {entry.actor_id ? (
                    <UserLink id={entry.actor_id} username={entry.actor_username} />
                  ) : (
                    (entry.actor_username ?? 'system')
                  )}
                </span>
                <span>
                  Target: <Target entry={entry} />
                </span>
                <span>IP address: {entry.ip_address ?? '—'}</span>
                <span>User agent: {entry.user_agent ?? '—'}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
