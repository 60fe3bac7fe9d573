import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * Finding 2 of issue #27: a promise that rejected with nobody to handle it (the Redis client's publish
 * during an outage) ended every instance. Run in a process of its own: Node's default for an
 * unhandled rejection is to exit, which the handler must prevent.
 */
describe('the last-resort handler for unhandled rejections', () => {
  const script = `
    import { keepRunningOnUnhandledRejections, unhandledRejections } from './src/process-faults.ts';
    keepRunningOnUnhandledRejections((details, message) => console.log(message, JSON.stringify(details)));
    const err = Object.assign(new Error('publish failed'), {
      code: 'ECONNREFUSED',
      client: { connectionString: 'redis://:hunter2@cache:6379' },
    });
    Promise.reject(err);
    setTimeout(() => console.log('still serving after', unhandledRejections(), 'unhandled rejection'), 50);
  `;

  it('logs and counts the rejection, leaves out what the error carries, and keeps the process running', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: new URL('..', import.meta.url).pathname,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('UNHANDLED PROMISE REJECTION');
    expect(run.stdout).toContain('"code":"ECONNREFUSED"');
    expect(run.stdout).toContain('still serving after 1 unhandled rejection');
    expect(run.stdout + run.stderr).not.toContain('hunter2');
  });
});
