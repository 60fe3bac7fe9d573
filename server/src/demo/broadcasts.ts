import type { PgTable } from 'drizzle-orm/pg-core';
import type { Random } from '../synthetic/prng.ts';
import { insertInBatches } from './batch-insert.ts';
import type { DemoUsers } from './demo-users.ts';
import type { StageInput } from './stage.ts';

/** Who wrote a broadcast (notification, official message) and when it was created, sent and last changed. */
export function broadcastStamps(rng: Random, users: DemoUsers, createdAt: number, sentAt: number | null) {
  return {
    sentAt: sentAt === null ? null : new Date(sentAt),
    createdBy: rng.pick(users.admins).id,
    createdAt: new Date(createdAt),
    updatedAt: new Date(sentAt ?? createdAt),
  };
}

/** Sorts the broadcasts oldest first, so ids follow creation, inserts them and returns their ids in that order. */
export function insertBroadcasts<T extends PgTable>(
  input: StageInput,
  table: T,
  rows: (T['$inferInsert'] & { createdAt: Date })[],
): Promise<Float64Array> {
  rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return insertInBatches(input.tx, table, rows.length, (i) => rows[i] as T['$inferInsert'], {
    returningId: true,
  });
}
