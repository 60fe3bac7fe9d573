import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';

/**
 * Serialises registrations until the transaction ends, so the seat count read inside it stays
 * true until the insert (an advisory lock; PGlite supports it too).
 */
export async function lockRegistration(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('switchboard:root-admin-registration'))`);
}
