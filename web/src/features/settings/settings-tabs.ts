import type { Settings } from '@switchboard/contract/settings';
import { BACKUP_FREQUENCIES, ENVIRONMENTS, NOTIFICATION_FREQUENCIES } from '@switchboard/contract/settings';
import type { FieldSpec, FormSection } from './settings-fields.tsx';

type Kind = 'text' | 'integer' | 'decimal' | 'toggle' | 'lines';

/**
 * A section's fields, written as [key, label, kind] or [key, label, options] for a choice; the
 * settings screen renders every one of them with the same component.
 */
function fields<K extends FormSection>(
  specs: [keyof Settings[K] & string, string, Kind | readonly string[]][],
): FieldSpec<K>[] {
  return specs.map(([key, label, kind]) =>
    typeof kind === 'string' ? { key, label, kind } : { key, label, kind: 'choice', options: kind },
  );
}

const tab = <K extends FormSection>(value: string, label: string, section: K, list: FieldSpec<K>[]) => ({
  value,
  label,
  section,
  fields: list,
});

/** The tabs that are only fields of one settings section, in the order the screen shows them. */
export const FIELD_TABS = [
  tab(
    'general',
    'General',
    'app',
    fields<'app'>([
      ['name', 'App Name', 'text'],
      ['version', 'Version', 'text'],
      ['environment', 'Environment', ENVIRONMENTS],
      ['debug_mode', 'Debug Mode', 'toggle'],
      ['maintenance_mode', 'Maintenance Mode', 'toggle'],
    ]),
  ),
  tab(
    'security',
    'Security',
    'security',
    fields<'security'>([
      ['enable_csrf_protection', 'Enable CSRF Protection', 'toggle'],
      ['enable_xss_protection', 'Enable XSS Protection', 'toggle'],
      ['enable_content_security_policy', 'Enable Content Security Policy', 'toggle'],
      ['session_timeout', 'Session Timeout (minutes)', 'integer'],
      ['max_login_attempts', 'Max Login Attempts', 'integer'],
      ['password_min_length', 'Password Minimum Length', 'integer'],
      ['require_admin_two_factor', 'Require two-factor for admins', 'toggle'],
    ]),
  ),
  tab(
    'notifications',
    'Notifications',
    'notifications',
    fields<'notifications'>([
      ['email_notifications', 'Email Notifications', 'toggle'],
      ['push_notifications', 'Push Notifications', 'toggle'],
      ['sms_notifications', 'SMS Notifications', 'toggle'],
      ['notification_frequency', 'Notification Frequency', NOTIFICATION_FREQUENCIES],
    ]),
  ),
  tab(
    'database',
    'Database',
    'database',
    fields<'database'>([
      ['connection_pool_size', 'Connection Pool Size', 'integer'],
      ['query_timeout', 'Query Timeout (seconds)', 'integer'],
      ['backup_frequency', 'Backup Frequency', BACKUP_FREQUENCIES],
      ['backup_time', 'Backup Time (UTC, HH:MM)', 'text'],
      ['auto_backup', 'Auto Backup', 'toggle'],
      ['backup_keep_last', 'Keep Last Backups', 'integer'],
    ]),
  ),
  tab(
    'api',
    'API',
    'api',
    fields<'api'>([
      ['rate_limit_enabled', 'Enable Rate Limiting', 'toggle'],
      ['rate_limit_requests', 'Rate Limit Requests', 'integer'],
      ['rate_limit_window', 'Rate Limit Window (seconds)', 'integer'],
      ['cors_enabled', 'Enable CORS', 'toggle'],
      ['cors_origins', 'CORS Origins (one per line)', 'lines'],
      ['webhooks_allow_private_addresses', 'Allow Webhooks to Private Addresses', 'toggle'],
    ]),
  ),
  tab(
    'calling',
    'Calling',
    'calling',
    fields<'calling'>([
      ['voice_coins_per_minute', 'Voice Coins per Minute', 'integer'],
      ['video_coins_per_minute', 'Video Coins per Minute', 'integer'],
      ['quality_sample_retention_days', 'Quality Sample Retention (days)', 'integer'],
      ['quality_rtt_ms', 'High RTT above (ms, 3 of 5 samples)', 'integer'],
      ['quality_jitter_ms', 'High Jitter above (ms, 3 of 5 samples)', 'integer'],
      ['quality_loss_percent', 'High Packet Loss above (%, average of 7 samples)', 'decimal'],
      ['quality_mos', 'Low MOS below (3 of 5 samples)', 'decimal'],
      ['alert_poor_call_percent', 'Alert: Poor-Quality Calls above (% over 5 minutes)', 'integer'],
      [
        'alert_connect_failure_percent',
        'Alert: Calls Failing to Connect above (% over 5 minutes)',
        'integer',
      ],
    ]),
  ),
];

export const ROOT_ADMIN_FIELDS = fields<'root_admin'>([
  ['auto_disable_after_creation', 'Auto-disable registration after creation', 'toggle'],
  ['require_strong_password', 'Require strong password', 'toggle'],
  ['max_root_admins', 'Max Root Admins', 'integer'],
]);
