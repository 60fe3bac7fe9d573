import { describe, expect, it } from 'vitest';
import { createLogger, MAX_LOG_ENTRIES } from '@/lib/logger.ts';

describe('logger', () => {
  it('defaults to warn and drops entries below the level', () => {
    const log = createLogger({ console: false });
    log.debug('d');
    log.info('i');
    log.warn('w', { a: 1 });
    log.error('e');
    expect(log.getRecentLogs().map((entry) => [entry.level, entry.message])).toEqual([
      ['warn', 'w'],
      ['error', 'e'],
    ]);
    expect(log.getRecentLogs()[0]).toMatchObject({ data: { a: 1 }, timestamp: expect.any(String) });
  });

  it('keeps only the last 100 entries and returns 20 by default', () => {
    const log = createLogger({ console: false, level: 'debug' });
    for (let i = 0; i < 150; i += 1) log.info(`entry ${i}`);
    expect(log.getRecentLogs(1000)).toHaveLength(MAX_LOG_ENTRIES);
    expect(log.getRecentLogs(1000)[0]?.message).toBe('entry 50');
    expect(log.getRecentLogs()).toHaveLength(20);
  });
});
