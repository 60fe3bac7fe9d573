import { DEMO_ADMIN } from '@switchboard/contract/demo-admin';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.ts';
import { users as usersTable } from '../db/schema/users.ts';
import {
  readSettingsSection,
  wasFactoryReset,
  writeSettingsSection,
} from '../modules/settings/settings.repository.ts';
import { hashPassword } from '../modules/users/password.ts';
import { seedAuditLog } from './audit-log.ts';
import { withBulkLoad } from './bulk-load.ts';
import { seedCallQuality } from './call-quality.ts';
import { seedCalls } from './calls.ts';
import { seedCoinLedger } from './coins.ts';
import { seedGeolocations } from './geolocations.ts';
import { seedMessages } from './messages.ts';
import { seedNotifications } from './notifications.ts';
import { seedOfficialMessages } from './official-messages.ts';
import { seedReports } from './reports.ts';
import { SCALES, type SeedScale } from './scale.ts';
import { seedSecurity } from './security.ts';
import { seedFollows, seedFriendRequests, seedLikes } from './social.ts';
import type { StageInput } from './stage.ts';
import { seedSystemLogs } from './system-logs.ts';
import { seedUsers } from './users.ts';

/** The seed of the demo data set: the same seed, scale and `now` give the same rows. */
export const DEMO_SEED = 20_240_601;

/** "Coins for a new account" in the demo (0 is the default elsewhere). */
export const DEMO_WELCOME_COINS = 100;

/** The last stage: rebuilding what the bulk load set aside. */
export const INDEX_STAGE = 'indexes and keys';

export interface SeedOptions {
  scale: SeedScale;
  onProgress?: (done: number, total: number, stage: string) => void;
  /** Every timestamp is relative to this; defaults to the current time. */
  now?: Date;
  seed?: number;
}

export interface SeedSummary {
  /** Rows written per stage. */
  rows: Record<string, number>;
  ms: number;
}

/**
 * Fills an empty database with a coherent demo data set. Everything runs in ONE transaction:
 * a failure leaves nothing half-written, and seedDemoDataIfEmpty can check and seed atomically.
 */
export async function seedDemoData(db: Database, options: SeedOptions): Promise<SeedSummary> {
  const summary = await db.transaction((tx) => seedInto(tx, options));
  await refreshPlannerStatistics(db);
  return summary;
}

/** Seeds the default data set only when there are no users yet; true when it seeded. */
export async function seedDemoDataIfEmpty(
  db: Database,
  options: Partial<SeedOptions> = {},
): Promise<boolean> {
  const seeded = await db.transaction(async (tx) => {
    // Two instances starting together on one PostgreSQL must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('switchboard:demo-seed'))`);
    const existing = await tx.select({ id: usersTable.id }).from(usersTable).limit(1);
    if (existing.length > 0) return false;
    // An installation emptied on purpose stays empty until a root admin registers.
    if (await wasFactoryReset(tx)) return false;
    await seedInto(tx, { scale: 'default', ...options });
    return true;
  });
  if (seeded) await refreshPlannerStatistics(db);
  return seeded;
}

/**
 * After a bulk load the planner has no statistics (so it picks full scans) and the visibility map is
 * empty (so counts cannot be index-only). PGlite has no autovacuum to fix either, so do it now.
 */
async function refreshPlannerStatistics(db: Database): Promise<void> {
  await db.execute(sql`vacuum analyze`);
}

async function seedInto(tx: Executor, options: SeedOptions): Promise<SeedSummary> {
  const startedAt = performance.now();
  const rows: Record<string, number> = {};
  const base = {
    tx,
    seed: options.seed ?? DEMO_SEED,
    now: (options.now ?? new Date()).getTime(),
    counts: SCALES[options.scale],
  };
  const stage = async <T>(
    name: string,
    run: (input: StageInput) => Promise<T>,
    size: (result: T) => number,
  ) => {
    options.onProgress?.(0, 1, name);
    const result = await run({ ...base, progress: (done, total) => options.onProgress?.(done, total, name) });
    rows[name] = size(result);
    return result;
  };
  // Hashed once (argon2id is deliberately slow) and shared by the demo admins.
  const passwordHash = await hashPassword(DEMO_ADMIN.password);
  const count = (n: number) => n;
  await withBulkLoad(
    tx,
    async () => {
      const users = await stage(
        'users',
        (input) => seedUsers(input, passwordHash),
        (u) => u.count + u.admins.length,
      );
      const calls = await stage(
        'calls',
        (input) => seedCalls(input, users),
        (c) => c.count,
      );
      await stage('call quality samples', (input) => seedCallQuality(input, calls), count);
      await stage('coin ledger', (input) => seedCoinLedger(input, users, calls), count);
      const messages = await stage(
        'messages',
        (input) => seedMessages(input, users),
        (m) => m.ids.length,
      );
      await stage('notifications', (input) => seedNotifications(input, users), count);
      await stage('official messages', (input) => seedOfficialMessages(input, users), count);
      await stage('geolocations', (input) => seedGeolocations(input, users), count);
      await stage('likes', (input) => seedLikes(input, users, calls, messages), count);
      await stage('friend requests', (input) => seedFriendRequests(input, users), count);
      await stage('follows', (input) => seedFollows(input, users), count);
      await stage('user reports', (input) => seedReports(input, users), count);
      await stage('security events', (input) => seedSecurity(input, users), count);
      await stage('system logs', (input) => seedSystemLogs(input, users), count);
      await stage('audit log', (input) => seedAuditLog(input, users), count);
    },
    (done, total) => options.onProgress?.(done, total, INDEX_STAGE),
  );
  // A demo app user who signs up can place a first call at once.
  const calling = await readSettingsSection(tx, 'calling');
  await writeSettingsSection(tx, 'calling', { ...calling, welcome_coins: DEMO_WELCOME_COINS }, 'demo seed');
  return { rows, ms: Math.round(performance.now() - startedAt) };
}
