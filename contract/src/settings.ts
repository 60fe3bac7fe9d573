import { z } from 'zod';
import { APP_NAME, APP_VERSION } from './app-info.ts';
import { envelope } from './common.ts';
import { endpoint } from './endpoint.ts';
import { MAX_ROOT_ADMINS_DEFAULT } from './root-admin.ts';
import { SECURITY_POLICIES_DEFAULTS, SecurityPolicies } from './security.ts';

/** The choices the settings screen offers. */
export const ENVIRONMENTS = ['development', 'staging', 'production'] as const;
export const NOTIFICATION_FREQUENCIES = ['immediate', 'hourly', 'daily', 'weekly'] as const;
export type NotificationFrequency = (typeof NOTIFICATION_FREQUENCIES)[number];
export const BACKUP_FREQUENCIES = ['hourly', 'daily', 'weekly', 'monthly'] as const;

/** Numeric settings are integers. */
const int = (min: number, max: number) => z.number().int().min(min).max(max);

export const AppSettings = z.object({
  name: z.string().trim().min(1, 'App name is required').max(100),
  version: z.string().trim().min(1, 'Version is required').max(50),
  environment: z.enum(ENVIRONMENTS),
  debug_mode: z.boolean(),
  maintenance_mode: z.boolean(),
});

export const SecuritySettings = z.object({
  enable_csrf_protection: z.boolean(),
  enable_xss_protection: z.boolean(),
  enable_content_security_policy: z.boolean(),
  /** Minutes. */
  session_timeout: int(5, 1440),
  max_login_attempts: int(1, 100),
  password_min_length: int(6, 128),
  /** An admin without an authenticator is sent to add one after the password. */
  require_admin_two_factor: z.boolean(),
});

export const NotificationSettings = z.object({
  email_notifications: z.boolean(),
  push_notifications: z.boolean(),
  sms_notifications: z.boolean(),
  notification_frequency: z.enum(NOTIFICATION_FREQUENCIES),
});

export const DatabaseSettings = z.object({
  connection_pool_size: int(1, 100),
  /** Seconds. */
  query_timeout: int(1, 3600),
  backup_frequency: z.enum(BACKUP_FREQUENCIES),
  /** When the automatic backup runs, UTC, HH:MM (hourly backups use the minutes). */
  backup_time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time of day as HH:MM (UTC)'),
  auto_backup: z.boolean(),
  /** Completed backups kept; after each new one the oldest beyond this are deleted, file and row. */
  backup_keep_last: int(1, 1000),
});

export const CORS_ORIGIN_MESSAGE = 'Enter an origin like https://console.example.com (no *, null or path)';

/** An http(s) origin written exactly as a browser sends it: scheme, host and port only. */
export function isWebOrigin(text: string): boolean {
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    return new URL(text).origin === text.toLowerCase().replace(/\/$/, '');
  } catch {
    return false;
  }
}

export const ApiSettings = z.object({
  rate_limit_enabled: z.boolean(),
  rate_limit_requests: int(1, 100_000),
  /** Seconds. */
  rate_limit_window: int(1, 86_400),
  cors_enabled: z.boolean(),
  /**
   * One origin per line in the form; blank lines dropped. Only http(s) origins: `*` would let any
   * site read the API with a stolen token, and `null` is what sandboxed frames and file pages send.
   */
  cors_origins: z.array(z.string().trim().min(1).max(200).refine(isWebOrigin, CORS_ORIGIN_MESSAGE)).max(50),
  /** Webhook receivers on private, loopback and link-local addresses: off, so a webhook cannot probe the internal network. */
  webhooks_allow_private_addresses: z.boolean(),
});

/** The root admin section of the settings: who may register as root admin. */
export const RootAdminSettingsSection = z.object({
  auto_disable_after_creation: z.boolean(),
  require_strong_password: z.boolean(),
  max_root_admins: int(1, 10),
});

/** What calls cost and how long their raw quality samples are kept (the calling server). */
export const CallingSettings = z.object({
  /** Coins per started minute of a voice call; 0 makes voice calls free. */
  voice_coins_per_minute: int(0, 10_000),
  video_coins_per_minute: int(0, 10_000),
  /** Coins a new app account starts with, written as a ledger entry with the reason `welcome`; 0 gives none. */
  welcome_coins: int(0, 10_000),
  /** Days; older samples are rolled up into one row per call and side, then deleted. */
  quality_sample_retention_days: int(1, 3650),
  /**
   * The named quality thresholds (Twilio's SDK warnings): RTT and jitter over these in 3 of the last 5
   * samples, packet loss averaged over 7 samples above this percent, MOS under this in 3 of the last 5.
   */
  quality_rtt_ms: int(1, 10_000),
  quality_jitter_ms: int(1, 10_000),
  quality_loss_percent: z.number().min(0).max(100),
  quality_mos: z.number().min(1).max(5),
  /** Alert when more than this percent of the calls started in the last 5 minutes carry a quality flag. */
  alert_poor_call_percent: int(1, 100),
  /** Alert when more than this percent of the calls started in the last 5 minutes failed to connect. */
  alert_connect_failure_percent: int(1, 100),
  /** A call's setup is slow when its media took longer than this from the answer (ms). */
  setup_slow_ms: int(100, 60_000),
  /** Alert when more than this percent of the calls answered in the last 5 minutes had a slow setup. */
  alert_slow_setup_percent: int(1, 100),
});
export type CallingSettings = z.infer<typeof CallingSettings>;

/** Every settings section, plus the root admin section; stored one row per section. */
export const Settings = z.object({
  app: AppSettings,
  security: SecuritySettings,
  notifications: NotificationSettings,
  database: DatabaseSettings,
  api: ApiSettings,
  root_admin: RootAdminSettingsSection,
  /** The Security screen's Settings tab: threat detection, rate limits, policies, log retention. */
  security_policies: SecurityPolicies,
  calling: CallingSettings,
});
export type Settings = z.infer<typeof Settings>;
export type SettingsSectionKey = keyof Settings;
export const SETTINGS_SECTIONS = Object.keys(Settings.shape) as SettingsSectionKey[];

/** What a fresh installation runs with until an admin saves the settings screen. */
export const SETTINGS_DEFAULTS: Settings = {
  app: {
    name: APP_NAME,
    version: APP_VERSION,
    environment: 'production',
    debug_mode: false,
    maintenance_mode: false,
  },
  security: {
    enable_csrf_protection: true,
    enable_xss_protection: true,
    enable_content_security_policy: true,
    session_timeout: 30,
    max_login_attempts: 5,
    password_min_length: 8,
    require_admin_two_factor: false,
  },
  notifications: {
    email_notifications: false,
    push_notifications: true,
    sms_notifications: false,
    notification_frequency: 'immediate',
  },
  database: {
    connection_pool_size: 10,
    query_timeout: 30,
    backup_frequency: 'daily',
    backup_time: '03:00',
    auto_backup: true,
    backup_keep_last: 10,
  },
  api: {
    rate_limit_enabled: true,
    rate_limit_requests: 100,
    rate_limit_window: 60,
    cors_enabled: false,
    cors_origins: [],
    webhooks_allow_private_addresses: false,
  },
  root_admin: {
    auto_disable_after_creation: true,
    require_strong_password: true,
    max_root_admins: MAX_ROOT_ADMINS_DEFAULT,
  },
  security_policies: SECURITY_POLICIES_DEFAULTS,
  calling: {
    voice_coins_per_minute: 1,
    video_coins_per_minute: 2,
    welcome_coins: 0,
    quality_sample_retention_days: 30,
    quality_rtt_ms: 400,
    quality_jitter_ms: 30,
    quality_loss_percent: 3,
    quality_mos: 3.5,
    alert_poor_call_percent: 20,
    alert_connect_failure_percent: 20,
    setup_slow_ms: 3000,
    alert_slow_setup_percent: 20,
  },
};

export const SETTINGS_MESSAGES = {
  saved: 'Settings saved successfully',
  fetchFailed: 'Failed to fetch settings',
  saveFailed: 'Failed to save settings',
  maintenance: 'The service is under maintenance. Please try again later.',
  rateLimited: 'Too many requests. Please slow down and try again shortly.',
  rootOnly: 'Only root administrators can change the root admin settings',
  twoFactorNeedsSecurity:
    'Requiring two-factor for admins is a security setting: it needs the Security settings permission',
  privateWebhooksNeedSecurity:
    'Letting webhooks reach private addresses is a security setting: it needs the Security settings permission',
} as const;

/**
 * Below these a setting can lock every admin and user out, so only a root administrator may go lower;
 * anyone else is refused with the floor named.
 */
export const SETTING_FLOORS = {
  /** Settings → API: requests per minute each address may make (rate_limit_requests per rate_limit_window). */
  apiRequestsPerMinute: 10,
  /** Settings → Security: failed sign-ins before an account is locked. */
  maxLoginAttempts: 3,
  /** Security → Settings: sign-in attempts per minute from one address. */
  loginAttemptsPerMinute: 5,
  /** Security → Settings: requests per minute each signed-in admin may make. */
  adminRequestsPerMinute: 60,
  /** Settings → Database: seconds before a statement is cancelled (lower fails ordinary pages). */
  queryTimeoutSeconds: 5,
  /** Settings → Database: connections the server opens at once (lower queues every request). */
  connectionPoolSize: 5,
  /** Settings → Database: completed backups kept (lower deletes older backups at the next run). */
  backupKeepLast: 3,
} as const;

export const SETTING_FLOOR_MESSAGES = {
  apiRate: `The API rate limit cannot be lower than ${SETTING_FLOORS.apiRequestsPerMinute} requests per minute; only a root administrator can set it lower`,
  loginAttempts: `Max login attempts cannot be lower than ${SETTING_FLOORS.maxLoginAttempts}; only a root administrator can set it lower`,
  loginRate: `Sign-in attempts per minute cannot be lower than ${SETTING_FLOORS.loginAttemptsPerMinute}; only a root administrator can set it lower`,
  adminRate: `Admin requests per minute cannot be lower than ${SETTING_FLOORS.adminRequestsPerMinute}; only a root administrator can set it lower`,
  queryTimeout: `Query timeout cannot be lower than ${SETTING_FLOORS.queryTimeoutSeconds} seconds; only a root administrator can set it lower`,
  poolSize: `Connection pool size cannot be lower than ${SETTING_FLOORS.connectionPoolSize}; only a root administrator can set it lower`,
  backupKeepLast: `Backups kept cannot be fewer than ${SETTING_FLOORS.backupKeepLast}; only a root administrator can set it lower`,
} as const;

/** How long 'Settings saved successfully' stays on screen. */
export const SETTINGS_SAVED_MS = 3000;

export const SettingsResponse = envelope(Settings);

/**
 * What a save carries: the version (from the build) and the environment (APP_ENV) are answered but not
 * accepted, so a PUT that sends them leaves them as they are.
 */
export const SettingsBody = Settings.extend({ app: AppSettings.omit({ version: true, environment: true }) });
export type SettingsBody = z.infer<typeof SettingsBody>;

export const settingsEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/admin/settings',
    tag: 'settings',
    access: 'admin',
    permission: 'settings:read',
    response: SettingsResponse,
  }),
  put: endpoint({
    method: 'PUT',
    path: '/admin/settings',
    tag: 'settings',
    access: 'admin',
    permission: 'settings:write',
    body: SettingsBody,
    response: SettingsResponse.extend({ message: z.string() }),
  }),
  /** A calling-app endpoint: it answers 503 while maintenance mode is on. */
  appPing: endpoint({
    method: 'GET',
    path: '/app/ping',
    tag: 'app',
    access: 'public',
    response: z.object({ success: z.literal(true), time: z.string() }),
  }),
};
