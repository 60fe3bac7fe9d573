import { PASSWORD_FLOOR } from '@switchboard/contract/account-rules';
import {
  type AppConfig,
  AppConfigSections,
  DEFAULT_STUN_URLS,
  ICE_CANDIDATE_POOL_SIZE,
} from '@switchboard/contract/app-config-sections';
import { APP_NAME, APP_VERSION } from '@switchboard/contract/app-info';
import { logger } from '@/lib/logger.ts';

/** Used when /config.json cannot be read: no demo hint, every feature on. */
export const DEFAULT_APP_CONFIG: AppConfig = {
  server: { api_base_url: '/api/v1', socket_path: '/socket.io', request_timeout_ms: 30_000 },
  app: { name: APP_NAME, version: APP_VERSION, environment: 'production' },
  accounts: { password_min_length: PASSWORD_FLOOR },
  features: { mobile_app: true, real_time_updates: true, webrtc: true },
  webrtc: { ice_servers: [{ urls: DEFAULT_STUN_URLS }], ice_candidate_pool_size: ICE_CANDIDATE_POOL_SIZE },
  demo: { enabled: false, credentials: null },
};

/**
 * /config.json "may override" the built-in settings, so each section that is well formed replaces
 * the default one and a malformed section falls back alone.
 */
export function mergeAppConfig(raw: unknown): AppConfig {
  if (typeof raw !== 'object' || raw === null) return DEFAULT_APP_CONFIG;
  const given = raw as Record<string, unknown>;
  const pick = <K extends keyof AppConfig>(key: K): AppConfig[K] => {
    const parsed = AppConfigSections[key].safeParse(given[key]);
    return parsed.success ? (parsed.data as AppConfig[K]) : DEFAULT_APP_CONFIG[key];
  };
  return {
    server: pick('server'),
    app: pick('app'),
    accounts: pick('accounts'),
    features: pick('features'),
    webrtc: pick('webrtc'),
    demo: pick('demo'),
  };
}

/** GET /config.json; throws when it cannot be read. */
export async function readAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  const response = await fetch('/config.json', { headers: { Accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`GET /config.json answered ${response.status}`);
  return mergeAppConfig(await response.json());
}

export async function fetchAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  try {
    return await readAppConfig(signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    logger.warn(
      'Could not load /config.json; using defaults',
      error instanceof Error ? error.message : error,
    );
    return DEFAULT_APP_CONFIG;
  }
}
