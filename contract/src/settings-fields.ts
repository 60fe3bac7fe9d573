import { SETTING_FLOORS, SETTINGS_DEFAULTS, type Settings } from './settings.ts';

/**
 * What every field of the Settings screen means, written once: one line of help, and for a field the
 * server cannot change, the value it always has and why. The screen shows both; the server refuses a
 * fixed field set to anything else; docs/settings.md is generated from this list (a server test checks
 * that every other field has a reader).
 */

/** The sections the Settings screen edits (the Security screen's policies have their own). */
export const SCREEN_SECTIONS = [
  'app',
  'security',
  'notifications',
  'database',
  'api',
  'root_admin',
  'calling',
] as const;
export type ScreenSection = (typeof SCREEN_SECTIONS)[number];

export interface SettingsFieldNote {
  help: string;
  /**
   * The field cannot be changed here. `refused`: a PUT with another value is answered 400 with this
   * reason. `read_only`: the value comes from the build or the server's start-up and a PUT does not
   * carry it.
   */
  fixed?: { reason: string; kind: 'refused' | 'read_only' };
}

type Notes = { [K in ScreenSection]: { [F in keyof Settings[K]]: SettingsFieldNote } };

const refused = (reason: string) => ({ reason, kind: 'refused' as const });
const readOnly = (reason: string) => ({ reason, kind: 'read_only' as const });

export const SETTINGS_FIELD_NOTES: Notes = {
  app: {
    name: {
      help: 'Shown in the console brand, the browser tab title and /config.json, at once after a save.',
    },
    version: {
      help: 'The version of the running build.',
      fixed: readOnly('Read-only: it comes from the build (the package version), not from a setting'),
    },
    environment: {
      help: 'Which environment this server runs as.',
      fixed: readOnly('Read-only: set by APP_ENV when the server starts'),
    },
    debug_mode: { help: 'On: the server logs at debug level, from the next request.' },
    maintenance_mode: {
      help: 'On: calling apps get 503 and cannot start calls; the console keeps working.',
    },
  },
  security: {
    enable_csrf_protection: {
      help: 'Protection against cross-site request forgery.',
      fixed: refused('Always on: the API uses bearer tokens, not cookies, so there is no CSRF surface'),
    },
    enable_xss_protection: {
      help: 'Protection against cross-site scripting.',
      fixed: refused(
        'Always on: every value is escaped when shown, and the Content Security Policy runs no inline script but the theme’s own, named by its hash',
      ),
    },
    enable_content_security_policy: {
      help: 'On: browsers block what the policy forbids. Off: the policy is sent report-only (violations are only reported in the browser console).',
    },
    session_timeout: { help: 'Minutes each access token lasts before it must be refreshed.' },
    max_login_attempts: { help: 'Failed sign-ins in a row before the account is locked for a while.' },
    password_min_length: {
      help: 'Fewest characters a new password may have (never fewer than 8); the forms hint it.',
    },
    require_admin_two_factor: {
      help: 'On: an admin without an authenticator app must add one after the password.',
    },
  },
  notifications: {
    email_notifications: {
      help: 'Send notifications by e-mail.',
      fixed: refused('Off: no e-mail provider is configured'),
    },
    push_notifications: {
      help: 'On: a sent notification is pushed at once to the app users online; off: it waits in their inbox.',
    },
    sms_notifications: {
      help: 'Send notifications by SMS.',
      fixed: refused('Off: no SMS provider is configured'),
    },
    notification_frequency: {
      help: 'How often notifications reach an app user who has not chosen their own: immediate, or one digest per hour, day or week (UTC).',
    },
  },
  database: {
    connection_pool_size: {
      help: `PostgreSQL only: most connections the server opens at once. At least ${SETTING_FLOORS.connectionPoolSize} unless a root administrator sets it.`,
    },
    query_timeout: {
      help: `PostgreSQL only: seconds before a statement is cancelled. At least ${SETTING_FLOORS.queryTimeoutSeconds} unless a root administrator sets it.`,
    },
    backup_frequency: { help: 'How often the automatic backup runs.' },
    backup_time: {
      help: 'The time of day (UTC) it runs, while the server is up; hourly backups run at these minutes past each hour.',
    },
    auto_backup: { help: 'On: a backup is taken on the schedule above.' },
    backup_keep_last: {
      help: `Completed backups kept; older ones are deleted after each new backup. At least ${SETTING_FLOORS.backupKeepLast} unless a root administrator sets it.`,
    },
  },
  api: {
    rate_limit_enabled: { help: 'On: each address may make only so many API requests per window.' },
    rate_limit_requests: { help: 'Requests each address may make per window.' },
    rate_limit_window: { help: 'Seconds the request count covers.' },
    cors_enabled: { help: 'On: the origins below may call the API from a browser.' },
    cors_origins: { help: 'One origin per line, like https://console.example.com.' },
    webhooks_allow_private_addresses: {
      help: 'On: webhook endpoints may point at private, loopback and link-local addresses (on-premises receivers).',
    },
  },
  root_admin: {
    auto_disable_after_creation: { help: 'On: registration closes once a root admin exists.' },
    require_strong_password: {
      help: 'On: a root admin password needs upper and lower case, a digit and a special character.',
    },
    max_root_admins: { help: 'Registration closes once this many root admins exist.' },
  },
  calling: {
    voice_coins_per_minute: { help: 'Coins charged per started minute of a voice call; 0 makes them free.' },
    video_coins_per_minute: { help: 'Coins charged per started minute of a video call; 0 makes them free.' },
    welcome_coins: {
      help: 'Coins credited once to a new app account, signed up in an app or added by an admin (a ledger entry with the reason welcome); 0 gives none.',
    },
    quality_sample_retention_days: {
      help: 'Days raw quality samples are kept before they are rolled up per call.',
    },
    quality_rtt_ms: { help: 'A call side is flagged when round-trip time is above this in 3 of 5 samples.' },
    quality_jitter_ms: { help: 'A call side is flagged when jitter is above this in 3 of 5 samples.' },
    quality_loss_percent: {
      help: 'A call side is flagged when packet loss over 7 samples averages above this.',
    },
    quality_mos: { help: 'A call side is flagged when MOS is below this in 3 of 5 samples.' },
    alert_poor_call_percent: {
      help: 'The monitor alerts when more of the last 5 minutes’ calls are flagged.',
    },
    alert_connect_failure_percent: {
      help: 'The monitor alerts when more of the last 5 minutes’ calls fail to connect.',
    },
    setup_slow_ms: {
      help: 'A call’s setup is slow when its first media arrives later than this after the answer.',
    },
    alert_slow_setup_percent: {
      help: 'The monitor alerts when more of the last 5 minutes’ answered calls had a slow setup.',
    },
  },
};

export interface FixedField {
  section: ScreenSection;
  key: string;
  /** "security.enable_csrf_protection", as a field error names it. */
  path: string;
  reason: string;
  kind: 'refused' | 'read_only';
}

/** Every fixed field, in screen order. */
export const FIXED_SETTINGS: FixedField[] = SCREEN_SECTIONS.flatMap((section) =>
  Object.entries(SETTINGS_FIELD_NOTES[section] as Record<string, SettingsFieldNote>).flatMap(([key, note]) =>
    note.fixed ? [{ section, key, path: `${section}.${key}`, ...note.fixed }] : [],
  ),
);

/** The value a refused field always has: the default, which is the only value the server accepts. */
export const fixedValue = (field: FixedField): unknown =>
  (SETTINGS_DEFAULTS[field.section] as Record<string, unknown>)[field.key];

/** The first fixed field `next` sets to another value, if any. */
export function changedFixedField(next: Settings): FixedField | undefined {
  return FIXED_SETTINGS.find(
    (f) =>
      f.kind === 'refused' &&
      JSON.stringify((next[f.section] as Record<string, unknown>)[f.key]) !== JSON.stringify(fixedValue(f)),
  );
}

/** `settings` with every refused field at its only value (a row stored before it was fixed reads so). */
export function withFixedValues(settings: Settings): Settings {
  const out = structuredClone(settings);
  for (const f of FIXED_SETTINGS)
    if (f.kind === 'refused') (out[f.section] as Record<string, unknown>)[f.key] = fixedValue(f);
  return out;
}
