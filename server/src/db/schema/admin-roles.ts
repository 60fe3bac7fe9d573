import { PERMISSIONS } from '@switchboard/contract/permissions';
import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

/**
 * What a non-root admin may do: the built-in templates (written by the migration, read-only) and the
 * roles made in the console. Root administrators hold every permission whatever their row says.
 */
export const adminRoles = pgTable(
  'admin_roles',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    builtIn: boolean('built_in').notNull().default(false),
    permissions: text('permissions').array().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('admin_roles_name_lower_key').on(sql`lower(${t.name})`),
    check(
      'admin_roles_permissions_check',
      sql`${t.permissions} <@ array[${sql.raw(PERMISSIONS.map((p) => `'${p}'`).join(', '))}]::text[]`,
    ),
    check('admin_roles_name_check', sql`length(btrim(${t.name})) between 1 and 50`),
  ],
);
