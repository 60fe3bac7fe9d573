import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { type CallSide, markSideHeard } from '../calls/call-sides.repository.ts';

/** A side's "last heard" is written at most this often: a `server_lost` call is billed to within this of its last sign of life. */
export const HEARD_WRITE_MS = 5000;

export interface HeardMarks {
  /** The side spoke (signalling, a quality sample). */
  heard(callId: number, side: CallSide): void;
  drop(callId: number): void;
}

/**
 * Stores when each side of a call carried here was last heard from, so that a survivor can bill a call
 * whose server was lost to that moment (calls/server-lost.ts). One write per side every HEARD_WRITE_MS at
 * most, not one per event.
 */
export function createHeardMarks(db: Database, log: FastifyBaseLogger, clock: () => Date): HeardMarks {
  const written = new Map<string, number>();
  return {
    heard(callId, side) {
      const key = `${callId}:${side}`;
      const now = clock();
      if (now.getTime() - (written.get(key) ?? 0) < HEARD_WRITE_MS) return;
      written.set(key, now.getTime());
      markSideHeard(db, callId, side, now).catch((err) => log.warn({ err }, 'call side not marked heard'));
    },
    drop(callId) {
      written.delete(`${callId}:caller`);
      written.delete(`${callId}:callee`);
    },
  };
}
