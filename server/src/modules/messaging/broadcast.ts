import type { SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import type { Audience } from '../users/audience.ts';
import { insertForAudience } from './audience-batches.ts';

type Sendable = { id: number; deliveryCursor: string | null };

/** The columns a batched send changes on its message. */
export interface SendState<Sending extends string> {
  status?: Sending | 'sent';
  sentAt?: Date;
  /** When the last batch was written; null once sent. */
  deliveryAt: Date | null;
  /** The last user id written; '' before the first batch, null once sent. */
  deliveryCursor: string | null;
}

/** What a batched broadcast needs from the module that owns the message and its recipient rows. */
export interface BroadcastStore<Row extends Sendable, Sent, Sending extends string = never> {
  audience(row: Row): { audience: Audience; userIds: readonly string[] };
  /** Wraps a SELECT of `user_id`s in this message's INSERT … ON CONFLICT DO NOTHING RETURNING user_id. */
  insertRecipients(id: number, batch: SQL): SQL;
  /** The status a message shows while its batches are written, if it has one for that. */
  sendingStatus?: Sending;
  update(tx: Executor, id: number, state: SendState<Sending>): Promise<Row>;
  /** The next message to send or resume, locked FOR UPDATE SKIP LOCKED so instances never share one. */
  lockNext(tx: Executor): Promise<Row | undefined>;
  present(row: Row): Sent;
}

/** Stamps the message as being sent, now, with the last user id written so far. */
const recordProgress = <Row extends Sendable, Sent>(
  tx: Executor,
  store: BroadcastStore<Row, Sent, string>,
  id: number,
  cursor: string,
) => store.update(tx, id, { status: store.sendingStatus, deliveryAt: new Date(), deliveryCursor: cursor });

export interface Delivery<Sent> {
  sent: Sent;
  /** The users whose recipient rows this send wrote, for the live push. */
  reached: string[];
}

/**
 * Writes the recipient rows of a claimed message from its cursor on, a batch per transaction so other
 * requests keep flowing, then marks it sent in one more transaction.
 * Until then the message is not sent; if the process stops, `sendPending` resumes it from the cursor.
 */
export async function deliver<Row extends Sendable, Sent>(
  db: Database,
  store: BroadcastStore<Row, Sent, string>,
  row: Row,
): Promise<Delivery<Sent>> {
  const { audience, userIds } = store.audience(row);
  const reached = await insertForAudience(
    db,
    audience,
    userIds,
    row.deliveryCursor ?? '',
    (batch) => store.insertRecipients(row.id, batch),
    async (tx, cursor) => void (await recordProgress(tx, store, row.id, cursor)),
  );
  const sent = await db.transaction(async (tx) => {
    const state = { status: 'sent', sentAt: new Date(), deliveryAt: null, deliveryCursor: null } as const;
    return store.present(await store.update(tx, row.id, state));
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
  store: BroadcastStore<Row, Sent, string>,
  onSent: (delivery: Delivery<Sent>) => void | Promise<void>,
  onFailed?: (id: number) => Promise<void>,
): Promise<number[]> {
  const sentIds: number[] = [];
  for (;;) {
    const row = await db.transaction(async (tx) => {
      const next = await store.lockNext(tx);
      return next && recordProgress(tx, store, next.id, next.deliveryCursor ?? '');
    });
    if (!row) return sentIds;
    try {
      await onSent(await deliver(db, store, row));
      sentIds.push(row.id);
    } catch (error) {
      if (!onFailed) throw error;
      await onFailed(row.id);
    }
  }
}

/**
 * Sends one message now: `lock` locks it, refusing (with a 4xx) one that cannot be sent, and it is claimed
 * in that transaction, where `audit` records who sent it; then it is delivered. The audit row is written
 * with the claim, not at the end: a send whose process stops mid-way is finished by `sendPending` in
 * another process, which knows nothing of the admin who asked for it.
 */
export async function sendNow<Row extends Sendable, Sent>(
  db: Database,
  store: BroadcastStore<Row, Sent, string>,
  lock: (tx: Executor) => Promise<Row>,
  audit: (tx: Executor, before: Sent, claimed: Sent) => Promise<unknown>,
): Promise<Delivery<Sent>> {
  const claimed = await db.transaction(async (tx) => {
    const row = await lock(tx);
    const before = store.present(row);
    const claim = await recordProgress(tx, store, row.id, '');
    await audit(tx, before, store.present(claim));
    return claim;
  });
  return deliver(db, store, claimed);
}
