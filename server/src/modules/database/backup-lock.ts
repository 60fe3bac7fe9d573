import type { DatabaseHandle } from '../../db/client.ts';

/** The first half of each backup's advisory lock key; the backup's id is the second. */
const BACKUP_LOCK_CLASS = 727_150;

/**
 * Runs `write` holding a PostgreSQL advisory lock named after the backup, on a connection of its own:
 * the lock lives exactly as long as the instance writing the backup, so another instance can tell a
 * backup in progress from one left `running` by an instance that was killed. PGlite: one process.
 */
export async function holdingBackupLock<T>(
  handle: DatabaseHandle,
  id: number,
  write: () => Promise<T>,
): Promise<T> {
  if (!handle.pool) return write();
  const client = await handle.pool.connect();
  let healthy = true;
  try {
    await client.query('select pg_advisory_lock($1, $2)', [BACKUP_LOCK_CLASS, id]);
    return await write();
  } finally {
    await client.query('select pg_advisory_unlock($1, $2)', [BACKUP_LOCK_CLASS, id]).catch(() => {
      healthy = false;
    });
    client.release(!healthy);
  }
}

/** Whether no live instance is writing the backup (its writer's lock is free). */
export async function backupAbandoned(handle: DatabaseHandle, id: number): Promise<boolean> {
  if (!handle.pool) return true;
  const client = await handle.pool.connect();
  try {
    const { rows } = await client.query<{ free: boolean }>('select pg_try_advisory_lock($1, $2) as free', [
      BACKUP_LOCK_CLASS,
      id,
    ]);
    if (rows[0]?.free) await client.query('select pg_advisory_unlock($1, $2)', [BACKUP_LOCK_CLASS, id]);
    return rows[0]?.free === true;
  } finally {
    client.release();
  }
}
