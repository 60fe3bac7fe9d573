import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns.ts';
import { users } from './users.ts';

/**
 * One row per running server instance that carries `/app` sockets, stamped by its heartbeat. An instance
 * that stops stamping (killed, frozen, cut off) is reaped by the others with the presence it held.
 */
export const appInstances = pgTable('app_instances', {
  id: text('id').primaryKey(),
  startedAt: tstz('started_at').notNull().defaultNow(),
  heartbeatAt: tstz('heartbeat_at').notNull().defaultNow(),
});

/** How many `/app` sockets a user has open on an instance; a user with no row anywhere is offline. */
export const userPresence = pgTable(
  'user_presence',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    instanceId: text('instance_id')
      .notNull()
      .references(() => appInstances.id, { onDelete: 'cascade' }),
    sockets: integer('sockets').notNull().default(1),
    connectedAt: tstz('connected_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.instanceId] }),
    index('user_presence_instance_idx').on(t.instanceId),
    check('user_presence_sockets_check', sql`${t.sockets} > 0`),
  ],
);
