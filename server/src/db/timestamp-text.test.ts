import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/test-database.ts';
import { queryRows } from './query-rows.ts';
import { isoTimestamp } from './timestamp-text.ts';

describe('isoTimestamp', () => {
  it('gives what Date gives for every form PostgreSQL writes a timestamp in', async () => {
    const db = await openTestDatabase();
    try {
      const rows = await queryRows<{ text: string; json: string; time_zoned: string }>(
        db.db,
        sql`select t::text as text, to_json(t)::text as json,
            (to_json(t at time zone 'Asia/Kolkata') #>> '{}') || '+05:30' as time_zoned
          from (values ('2026-11-24 09:30:00+00'::timestamptz), ('2026-11-24 09:30:00.5+00'),
            ('2026-11-24 09:30:00.123456+00'), ('2026-02-28 23:59:59.999999+00'), ('1999-12-31 00:00:00.01+00'),
            ('2026-06-01 12:00:00.1004+00')) v(t)`,
      );
      expect(rows).toHaveLength(6);
      for (const row of rows) {
        for (const text of [row.text, row.json.slice(1, -1), row.time_zoned]) {
          expect(isoTimestamp(text), text).toBe(new Date(text).toISOString());
        }
      }
    } finally {
      await db.close();
    }
  });

  it('passes a Date through as its ISO text', () => {
    const at = new Date('2026-11-24T09:30:00.123Z');
    expect(isoTimestamp(at)).toBe('2026-11-24T09:30:00.123Z');
  });
});
