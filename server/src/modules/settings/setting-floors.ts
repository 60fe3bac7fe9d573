import type { SecurityPolicies } from '@switchboard/contract/security';
import { SETTING_FLOOR_MESSAGES, SETTING_FLOORS, type Settings } from '@switchboard/contract/settings';
import { HttpError } from '../../http/http-error.ts';

interface Floor<T> {
  field: string;
  value: (s: T) => number;
  floor: number;
  message: string;
}

const SETTINGS_FLOORS: Floor<Settings>[] = [
  {
    field: 'api.rate_limit_requests',
    // A limit that is off locks nobody out.
    value: ({ api }) =>
      api.rate_limit_enabled
        ? (api.rate_limit_requests * 60) / api.rate_limit_window
        : Number.POSITIVE_INFINITY,
    floor: SETTING_FLOORS.apiRequestsPerMinute,
    message: SETTING_FLOOR_MESSAGES.apiRate,
  },
  {
    field: 'security.max_login_attempts',
    value: ({ security }) => security.max_login_attempts,
    floor: SETTING_FLOORS.maxLoginAttempts,
    message: SETTING_FLOOR_MESSAGES.loginAttempts,
  },
  {
    field: 'database.query_timeout',
    value: ({ database }) => database.query_timeout,
    floor: SETTING_FLOORS.queryTimeoutSeconds,
    message: SETTING_FLOOR_MESSAGES.queryTimeout,
  },
  {
    field: 'database.connection_pool_size',
    value: ({ database }) => database.connection_pool_size,
    floor: SETTING_FLOORS.connectionPoolSize,
    message: SETTING_FLOOR_MESSAGES.poolSize,
  },
  {
    field: 'database.backup_keep_last',
    value: ({ database }) => database.backup_keep_last,
    floor: SETTING_FLOORS.backupKeepLast,
    message: SETTING_FLOOR_MESSAGES.backupKeepLast,
  },
];

const POLICY_FLOORS: Floor<SecurityPolicies>[] = [
  {
    field: 'login_attempts_per_minute',
    value: (p) => p.login_attempts_per_minute,
    floor: SETTING_FLOORS.loginAttemptsPerMinute,
    message: SETTING_FLOOR_MESSAGES.loginRate,
  },
  {
    field: 'admin_requests_per_minute',
    value: (p) => p.admin_requests_per_minute,
    floor: SETTING_FLOORS.adminRequestsPerMinute,
    message: SETTING_FLOOR_MESSAGES.adminRate,
  },
];

/**
 * Refuses a change that takes a lockout-capable setting below its floor, unless a root administrator
 * makes it. A value already below (set by root) may stay while other fields change.
 */
function refuseBelowFloor<T>(floors: Floor<T>[], actor: { isRootAdmin: boolean }, before: T, next: T): void {
  if (actor.isRootAdmin) return;
  for (const { field, value, floor, message } of floors) {
    const after = value(next);
    if (after < floor && after !== value(before)) throw new HttpError(400, message, { field });
  }
}

export const refuseCripplingSettings = (actor: { isRootAdmin: boolean }, before: Settings, next: Settings) =>
  refuseBelowFloor(SETTINGS_FLOORS, actor, before, next);

export const refuseCripplingPolicies = (
  actor: { isRootAdmin: boolean },
  before: SecurityPolicies,
  next: SecurityPolicies,
) => refuseBelowFloor(POLICY_FLOORS, actor, before, next);
