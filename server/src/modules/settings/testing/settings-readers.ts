import type { ScreenSection } from '@switchboard/contract/settings-fields';

/** Where a field is obeyed: a file under server/src and the function in it that reads the field. */
export interface Reader {
  file: string;
  fn: string;
}

const r = (file: string, fn: string): Reader => ({ file, fn });
const SETTINGS_EFFECTS = 'modules/settings/settings-effects.ts';
const QUALITY = r('modules/calling/quality-watches.ts', 'qualityThresholds');
const RATE = r('modules/security/request-rate-limits.ts', 'installRequestRateLimits');
const ROOT = r('modules/root-admin/root-admin.service.ts', 'seats, registerRootAdmin');

/**
 * Every field of the Settings screen that is not fixed (contract/src/settings-fields.ts), and its
 * reader; settings-doc.test.ts fails when a field has neither a reader here nor a fixed mark there.
 */
export const SETTINGS_READERS: { [K in ScreenSection]: Record<string, Reader> } = {
  app: {
    name: r('modules/app-config/app-config.routes.ts', 'appConfigRoutes (/config.json app.name)'),
    debug_mode: r(SETTINGS_EFFECTS, 'installSettingsEffects (log level)'),
    maintenance_mode: r(SETTINGS_EFFECTS, 'installSettingsEffects; calling/app-handshake.ts'),
  },
  security: {
    enable_content_security_policy: r(
      SETTINGS_EFFECTS,
      'contentSecurityPolicyEnforced → http/security-headers.ts',
    ),
    session_timeout: r('modules/auth/issue-session.ts', 'tokenResponse'),
    max_login_attempts: r('modules/auth/sign-in-gate.ts', 'openSignInAttempt'),
    password_min_length: r('modules/settings/password-policy.ts', 'livePasswordMinLength'),
    require_admin_two_factor: r('modules/auth/second-step.service.ts', 'pendingSecondStep'),
  },
  notifications: {
    push_notifications: r('modules/notifications/notifications.service.ts', 'push'),
    notification_frequency: r('modules/notifications/notification-digests.ts', 'buildDueDigests; push'),
  },
  database: {
    connection_pool_size: r('db/pool-settings.ts', 'applyPoolSettings'),
    query_timeout: r('db/pool-settings.ts', 'applyPoolSettings'),
    backup_frequency: r('modules/database/backup-schedule.ts', 'backupDue'),
    backup_time: r('modules/database/backup-schedule.ts', 'backupDue'),
    auto_backup: r('modules/database/backup-schedule.ts', 'backupDue'),
    backup_keep_last: r('modules/database/backups.service.ts', 'pruneOldBackups'),
  },
  api: {
    rate_limit_enabled: RATE,
    rate_limit_requests: RATE,
    rate_limit_window: RATE,
    cors_enabled: r(SETTINGS_EFFECTS, 'allowedOrigins'),
    cors_origins: r(SETTINGS_EFFECTS, 'allowedOrigins'),
    webhooks_allow_private_addresses: r('modules/webhooks/webhooks.service.ts', 'internalAddressesAllowed'),
  },
  root_admin: {
    auto_disable_after_creation: ROOT,
    require_strong_password: ROOT,
    max_root_admins: ROOT,
  },
  calling: {
    voice_coins_per_minute: r('modules/calls/call-lifecycle.service.ts', 'pricePerMinute'),
    welcome_coins: r('modules/coins/welcome-coins.ts', 'grantWelcomeCoins'),
    video_coins_per_minute: r('modules/calls/call-lifecycle.service.ts', 'pricePerMinute'),
    quality_sample_retention_days: r('modules/calls/call-timers-job.ts', 'rollUpOldSamples'),
    quality_rtt_ms: QUALITY,
    quality_jitter_ms: QUALITY,
    quality_loss_percent: QUALITY,
    quality_mos: QUALITY,
    alert_poor_call_percent: r('modules/monitoring/alert-evaluation.ts', 'callHealth'),
    alert_connect_failure_percent: r('modules/monitoring/alert-evaluation.ts', 'callHealth'),
    setup_slow_ms: r('modules/monitoring/alert-evaluation.ts', 'callHealth'),
    alert_slow_setup_percent: r('modules/monitoring/alert-evaluation.ts', 'callHealth'),
  },
};
