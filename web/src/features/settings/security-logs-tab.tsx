import { AUDIT_LOG_MESSAGES } from '@switchboard/contract/audit-log';
import { ErrorPanel } from '@/components/error-panel.tsx';
import { Time } from '@/components/time.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { UserLink } from '@/components/user-link.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { useSecurityLogs } from './api.ts';
import { Section } from './settings-section.tsx';

/** The latest audit-log entries: who changed what, from where. */
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
        <ul className="divide-y text-sm sm:col-span-2">
          {logs.data.map((entry) => (
            <li key={entry.id} className="flex flex-wrap justify-between gap-2 py-2">
              <span>
                <span className="font-medium">{entry.action}</span>
                {/* A user the action was about, by name; other targets are not people. */}
                {entry.target_type === 'user' && entry.target_id ? (
                  <>
                    {' '}
                    <UserLink id={entry.target_id} username={entry.target_username} />
                  </>
                ) : null}
              </span>
              <span className="text-muted-foreground">
                {entry.actor_id ? (
                  <UserLink id={entry.actor_id} username={entry.actor_username} />
                ) : (
                  (entry.actor_username ?? 'system')
                )}{' '}
                · {entry.ip_address ?? '-'} · <Time value={entry.timestamp} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
