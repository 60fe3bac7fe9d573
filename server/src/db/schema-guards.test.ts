import { SECURITY_EVENT_TYPES, SEVERITIES } from '@switchboard/contract/security-events';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/test-database.ts';
import type { Database, DatabaseHandle } from './client.ts';
import { pgErrorCode } from './pg-errors.ts';
import { LOCATION_TYPES } from './schema/geolocations.ts';
import { MESSAGE_TYPES } from './schema/messaging.ts';
import { REPORT_STATUSES, REPORT_TYPES } from './schema/reports.ts';
import { FOLLOW_TYPES, FRIEND_REQUEST_STATUSES, LIKE_TARGET_TYPES } from './schema/social.ts';
import { BACKUP_STATUSES, BACKUP_TRIGGERS, LOG_LEVELS } from './schema/system.ts';

/** Every `column in (...)` CHECK the TypeScript enums must agree with: constraint name → values. */
const ENUM_CHECKS: Record<string, readonly string[]> = {
  likes_target_type_check: LIKE_TARGET_TYPES,
  friend_requests_status_check: FRIEND_REQUEST_STATUSES,
  follows_follow_type_check: FOLLOW_TYPES,
  security_events_event_type_check: SECURITY_EVENT_TYPES,
  security_events_severity_check: SEVERITIES,
  system_logs_level_check: LOG_LEVELS,
  user_reports_report_type_check: REPORT_TYPES,
  user_reports_status_check: REPORT_STATUSES,
  geolocations_location_type_check: LOCATION_TYPES,
  messages_message_type_check: MESSAGE_TYPES,
  backups_status_check: BACKUP_STATUSES,
  backups_trigger_check: BACKUP_TRIGGERS,
};

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The SQLSTATE the statement fails with, or 'ok'. */
async function outcome(db: Database, query: ReturnType<typeof sql>): Promise<string> {
  try {
    await db.execute(query);
    return 'ok';
  } catch (error) {
    return pgErrorCode(error) ?? 'unknown error';
  }
}

describe('the schema guards its own data', () => {
  let handle: DatabaseHandle;
  let db: Database;
  beforeAll(async () => {
    handle = await openTestDatabase();
    db = handle.db;
    await db.execute(
      sql`insert into users (id, username, email) values ('a', 'ann', 'ann@x.test'), ('b', 'bob', 'bob@x.test')`,
    );
  });
  afterAll(() => handle?.close());

  it('has a CHECK for each enum that lists exactly the enum values', async () => {
    const defs = await rows<{ name: string; def: string }>(
      db,
      sql`select conname as name, pg_get_constraintdef(oid) as def from pg_constraint where contype = 'c'`,
    );
    const byName = new Map(defs.map((d) => [d.name, d.def]));
    for (const [name, values] of Object.entries(ENUM_CHECKS)) {
      const def = byName.get(name);
      expect(def, name).toBeDefined();
      const listed = [...(def ?? '').matchAll(/'([^']*)'/g)].map((m) => m[1]);
      expect(listed.sort(), name).toEqual([...values].sort());
    }
  });

  it('refuses unknown states, duplicates and self-references', async () => {
    expect(
      await outcome(
        db,
        sql`insert into user_reports (report_type, reason, status) values ('spam', 'x', 'lost')`,
      ),
    ).toBe('23514');
    expect(
      await outcome(
        db,
        sql`insert into security_events (event_type, severity, description) values ('made_up', 'low', 'x')`,
      ),
    ).toBe('23514');
    expect(
      await outcome(db, sql`insert into system_logs (level, message, module) values ('LOUD', 'x', 'y')`),
    ).toBe('23514');
    expect(await outcome(db, sql`insert into messages (content) values (${'x'.repeat(1001)})`)).toBe('23514');
    expect(await outcome(db, sql`insert into messages (content) values (${'x'.repeat(1000)})`)).toBe('ok');

    const like = sql`insert into likes (user_id, target_type, target_id) values ('a', 'profile', 'b')`;
    expect(await outcome(db, like)).toBe('ok');
    expect(await outcome(db, like)).toBe('23505');
    expect(
      await outcome(db, sql`insert into likes (user_id, target_type, target_id) values ('a', 'wall', 'b')`),
    ).toBe('23514');

    expect(await outcome(db, sql`insert into follows (follower_id, following_id) values ('a', 'a')`)).toBe(
      '23514',
    );
    expect(
      await outcome(db, sql`insert into friend_requests (sender_id, receiver_id) values ('a', 'a')`),
    ).toBe('23514');
    expect(
      await outcome(db, sql`insert into friend_requests (sender_id, receiver_id) values ('a', 'b')`),
    ).toBe('ok');
    // The same pair the other way round is the same friendship.
    expect(
      await outcome(db, sql`insert into friend_requests (sender_id, receiver_id) values ('b', 'a')`),
    ).toBe('23505');
  });

  it('stores IPs as inet: one spelling per address, malformed input refused as a data error', async () => {
    expect(
      await outcome(
        db,
        sql`insert into login_attempts (username, ip_address, succeeded) values ('x', 'not-an-ip', false)`,
      ),
    ).toBe('22P02');
    await db.execute(
      sql`insert into login_attempts (username, ip_address, succeeded) values ('x', '2001:DB8:0::1', false)`,
    );
    const [found] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from login_attempts where ip_address = ${'2001:db8::1'}`,
    );
    expect(found?.n).toBe(1);
  });

  it('answers "is this address blocked" for IPv4, IPv6 and ranges with one lookup', async () => {
    await db.execute(sql`insert into blocked_ips (ip_address, reason) values
      ('203.0.113.7', 'one'), ('198.51.100.0/24', 'range'), ('2001:db8:bad::/48', 'v6 range'), ('2001:db8::1', 'v6 one')`);
    const blocked = async (ip: string) =>
      (
        await rows<{ n: number }>(
          db,
          sql`select count(*)::int as n from blocked_ips where ${ip}::inet <<= ip_address`,
        )
      )[0]?.n;
    expect(await blocked('203.0.113.7')).toBe(1);
    expect(await blocked('203.0.113.8')).toBe(0);
    expect(await blocked('198.51.100.200')).toBe(1);
    expect(await blocked('2001:DB8:0::1')).toBe(1);
    expect(await blocked('2001:db8:bad:1::5')).toBe(1);
    expect(await blocked('2001:db8:beef::5')).toBe(0);
    expect(
      await outcome(
        db,
        sql`insert into blocked_ips (ip_address, reason) values ('10.0.0.1/8', 'host bits set')`,
      ),
    ).toBe('22P02');
  });
});
