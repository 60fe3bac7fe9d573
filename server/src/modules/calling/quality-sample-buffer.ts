import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { insertQualitySamples, type NewQualitySample } from '../calls/call-lifecycle.repository.ts';

export interface QualitySampleBuffer {
  add(sample: NewQualitySample): void;
  /** Writes what is waiting now (before a call settles, and on shutdown). */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Quality samples arrive every 5 s from each side of every call: they are written as one multi-row insert
 * per second (or per `maxRows`), never one insert per sample. A failed batch is logged and dropped: samples
 * are measurements, and a call settles without them.
 */
export function createQualitySampleBuffer(
  db: Database,
  log: FastifyBaseLogger,
  { maxRows = 500, flushMs = 1000 }: { maxRows?: number; flushMs?: number } = {},
): QualitySampleBuffer {
  let waiting: NewQualitySample[] = [];
  let writing: Promise<void> = Promise.resolve();
  const flush = () => {
    if (waiting.length === 0) return writing;
    const batch = waiting;
    waiting = [];
    writing = writing
      .then(() => insertQualitySamples(db, batch))
      .catch((err) => log.warn({ err, samples: batch.length }, 'quality samples not stored'));
    return writing;
  };
  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();
  return {
    add(sample) {
      waiting.push(sample);
      if (waiting.length >= maxRows) void flush();
    },
    flush,
    stop: async () => {
      clearInterval(timer);
      await flush();
    },
  };
}
