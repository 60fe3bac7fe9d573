import { sql } from 'drizzle-orm';
import { jsonRows } from '../../db/json-rows.ts';

export interface RecentUserRecord {
  id: string;
  username: string;
  created_at: string;
}

/** The newest sign-ups as a JSON array, over the created_at index. */
export const recentUsersJson = (limit: number) =>
  jsonRows(sql`select id, username, created_at from users where deleted_at is null
    order by created_at desc nulls last, id desc nulls last limit ${limit}`);
