// The one place that gathers every table, for Drizzle's typed client and drizzle-kit.
export * from './admin-roles.ts';
export * from './auth.ts';
export * from './calls.ts';
export * from './coins.ts';
export * from './counters.ts';
export * from './geolocations.ts';
export * from './messaging.ts';
export * from './monitoring.ts';
export * from './notifications.ts';
export * from './official-messages.ts';
export * from './presence.ts';
export * from './reports.ts';
export * from './security.ts';
export * from './social.ts';
export * from './system.ts';
export * from './two-factor.ts';
export * from './users.ts';
