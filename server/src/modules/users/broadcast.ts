import type { SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { type Audience, insertForAudience } from './audience.ts';

type Sendable = { id: number; deliveryCursor: string | null };

/** What a batched broadcast needs from the module that owns the message and its recipient rows. */
export interface BroadcastStore<Row extends Sendable, Sent> {
  audience(row: Row): { audience: Audience; userIds: readonly string[] };
  /** Wraps a SELECT of `user_id`s in this message's INSERT … ON CONFLICT DO NOTHING RETURNING user_id. */
  insertRecipients(id: number, batch: SQL): SQL;
  /** Marks the message as being sent, now, with the last user id written so far ('' before the first batch). */
  recordProgress(tx: Executor, id: number, cursor: string): Promise<Row>;
  /** The next message to send or resume, locked FOR UPDATE SKIP LOCKED so instances never share one. */
  lockNext(tx: Executor): Promise<Row | undefined>;
  /** Marks it sent (status, sent_at) and clears its progress. */
  markSent(tx: Executor, id: number): Promise<Sent>;
}

export interface Delivery<Sent> {
  sent: Sent;
  /** The users whose recipient rows this send wrote, for the live push. */
  reached: string[];
}

/**
 * Writes the recipient rows of a claimed message from its cursor on, a batch per transaction so other
 * requests keep flowing, then marks it sent in one more transaction, where `finish` (an audit) also runs.
 * Until then the message is not sent; if the process stops, `sendPending` resumes it from the cursor.
 */
export async function deliver<Row extends Sendable, Sent>(
  db: Database,
  store: BroadcastStore<Row, Sent>,
  row: Row,
  finish?: (tx: Executor, sent: Sent) => Promise<unknown>,
): Promise<Delivery<Sent>> {
  const { audience, userIds } = store.audience(row);
  const reached = await insertForAudience(
    db,
    audience,
    userIds,
    row.deliveryCursor ?? '',
    (batch) => store.insertRecipients(row.id, batch),
    async (tx, cursor) => void (await store.recordProgress(tx, row.id, cursor)),
  );
  const sent = await db.transaction(async (tx) => {
    const after = await store.markSent(tx, row.id);
    await finish?.(tx, after);
    return after;
  });
  return { sent, reached };
}

/**
 * Sends every message `lockNext` yields, one at a time; each is claimed (its progress stamped) in the
 * transaction that locked it, so several instances running this at once never send one twice. A send that
 * fails goes to `onFailed` when given (or the loop would claim it again at once), else the error is thrown.
 * Returns the ids sent.
 */
export async function sendPending<Row extends Sendable, Sent>(
  db: Database,
  store: BroadcastStore<Row, Sent>,
  onSent: (delivery: Delivery<Sent>) => void,
  onFailed?: (id: number) => Promise<void>,
): Promise<number[]> {
  const sentIds: number[] = [];
  for (;;) {
    const row = await db.transaction(async (tx) => {
      const next = await store.lockNext(tx);
      return next && store.recordProgress(tx, next.id, next.deliveryCursor ?? '');
    });
    if (!row) return sentIds;
    try {
      onSent(await deliver(db, store, row));
      sentIds.push(row.id);
    } catch (error) {
      if (!onFailed) throw error;
      await onFailed(row.id);
    }
  }
}
