import { sql } from 'drizzle-orm';
import { jsonRows } from '../../db/json-rows.ts';

export interface RecentAuditRecord {
  id: string | number;
  actor: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  created_at: string;
}

/** The newest admin actions as a JSON array, over the (created_at, id) index. */
export const recentAuditJson = (limit: number) =>
  jsonRows(sql`select id, actor_username as actor, action, target_type, target_id, created_at from audit_log
    order by created_at desc nulls last, id desc nulls last limit ${limit}`);
