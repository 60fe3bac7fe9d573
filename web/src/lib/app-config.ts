import type { AppConfig } from '@switchboard/contract/app-config';
import { APP_NAME, APP_VERSION } from '@switchboard/contract/app-info';
import { logger } from '@/lib/logger.ts';

/** Used when /config.json cannot be read: no demo hint, every feature on. */
export const DEFAULT_APP_CONFIG: AppConfig = {
  server: { api_base_url: '/api/v1', socket_path: '/socket.io', request_timeout_ms: 30_000 },
  app: { name: APP_NAME, version: APP_VERSION, environment: 'production' },
  features: { mobile_app: true, real_time_updates: true, webrtc: true },
  demo: { enabled: false, credentials: null },
};

type Section<K extends keyof AppConfig> = (value: Record<string, unknown>) => AppConfig[K] | null;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const isString = (value: unknown): value is string => typeof value === 'string';
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const ENVIRONMENTS: readonly string[] = ['development', 'staging', 'production'];

// Checked by hand rather than with the contract's zod schema: zod would otherwise ride in the first download.
const SECTIONS: { [K in keyof AppConfig]: Section<K> } = {
  server: (v) =>
    isString(v.api_base_url) && isString(v.socket_path) && Number.isInteger(v.request_timeout_ms)
      ? {
          api_base_url: v.api_base_url,
          socket_path: v.socket_path,
          request_timeout_ms: v.request_timeout_ms as number,
        }
      : null,
  app: (v) =>
    isString(v.name) && isString(v.version) && isString(v.environment) && ENVIRONMENTS.includes(v.environment)
      ? { name: v.name, version: v.version, environment: v.environment as AppConfig['app']['environment'] }
      : null,
  features: (v) =>
    isBoolean(v.mobile_app) && isBoolean(v.real_time_updates) && isBoolean(v.webrtc)
      ? { mobile_app: v.mobile_app, real_time_updates: v.real_time_updates, webrtc: v.webrtc }
      : null,
  demo: (v) => {
    if (!isBoolean(v.enabled)) return null;
    const credentials = v.credentials;
    if (credentials === null) return { enabled: v.enabled, credentials: null };
    if (!isRecord(credentials) || !isString(credentials.username) || !isString(credentials.password))
      return null;
    return {
      enabled: v.enabled,
      credentials: { username: credentials.username, password: credentials.password },
    };
  },
};

/**
 * /config.json "may override" the built-in settings, so each section that is well formed replaces
 * the default one and a malformed section falls back alone.
 */
export function mergeAppConfig(raw: unknown): AppConfig {
  if (!isRecord(raw)) return DEFAULT_APP_CONFIG;
  const pick = <K extends keyof AppConfig>(key: K): AppConfig[K] => {
    const value = raw[key];
    return (isRecord(value) && SECTIONS[key](value)) || DEFAULT_APP_CONFIG[key];
  };
  return { server: pick('server'), app: pick('app'), features: pick('features'), demo: pick('demo') };
}

export async function fetchAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  try {
    const response = await fetch('/config.json', { headers: { Accept: 'application/json' }, signal });
    if (!response.ok) throw new Error(`GET /config.json answered ${response.status}`);
    return mergeAppConfig(await response.json());
  } catch (error) {
    if (signal?.aborted) throw error;
    logger.warn(
      'Could not load /config.json; using defaults',
      error instanceof Error ? error.message : error,
    );
    return DEFAULT_APP_CONFIG;
  }
}
