import type { DatabaseHandle } from '../../db/client.ts';

/** What backups and maintenance need beside the database: its driver handle and where files go. */
export interface DatabaseDeps {
  database: DatabaseHandle;
  dataDir: string;
  /** BACKUP_DIR; unset means DATA_DIR/backups. */
  backupDir?: string | undefined;
}
