import { BUILT_IN_ROLES, type Permission } from '@switchboard/contract/permissions';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { adminRoles } from '../../db/schema/admin-roles.ts';

export type RoleRecord = typeof adminRoles.$inferSelect & { permissions: Permission[] };

export interface RoleFields {
  name: string;
  description: string;
  permissions: Permission[];
}

export async function findRole(executor: Executor, id: string): Promise<RoleRecord | undefined> {
  const [row] = await executor.select().from(adminRoles).where(eq(adminRoles.id, id)).limit(1);
  return row as RoleRecord | undefined;
}

export async function lockRole(tx: Executor, id: string): Promise<RoleRecord | undefined> {
  const [row] = await tx.select().from(adminRoles).where(eq(adminRoles.id, id)).for('update');
  return row as RoleRecord | undefined;
}

/** Built-in templates first, in the contract's order, then custom roles by name. */
export async function listRoles(executor: Executor): Promise<RoleRecord[]> {
  const order = sql.raw(
    `array_position(array[${BUILT_IN_ROLES.map((r) => `'${r.id}'`).join(', ')}]::text[], ${'"admin_roles"."id"'})`,
  );
  const rows = await executor
    .select()
    .from(adminRoles)
    .orderBy(desc(adminRoles.builtIn), asc(order), asc(sql`lower(${adminRoles.name})`), asc(adminRoles.id));
  return rows as RoleRecord[];
}

export async function insertRole(tx: Executor, fields: RoleFields): Promise<RoleRecord> {
  const [row] = await tx.insert(adminRoles).values(fields).returning();
  if (!row) throw new Error('insert returned no row');
  return row as RoleRecord;
}

export async function updateRole(tx: Executor, id: string, fields: RoleFields): Promise<RoleRecord> {
  const [row] = await tx
    .update(adminRoles)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(adminRoles.id, id))
    .returning();
  if (!row) throw new Error('update returned no row');
  return row as RoleRecord;
}

export async function deleteRole(tx: Executor, id: string): Promise<void> {
  await tx.delete(adminRoles).where(eq(adminRoles.id, id));
}

/** After a wipe (factory reset): the templates every install has, as the migration wrote them. */
export async function insertBuiltInRoles(tx: Executor): Promise<void> {
  await tx
    .insert(adminRoles)
    .values(BUILT_IN_ROLES.map((r) => ({ ...r, permissions: [...r.permissions], builtIn: true })))
    .onConflictDoNothing();
}
