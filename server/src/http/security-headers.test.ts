import { createHash } from 'node:crypto';
import { THEME_BOOT_SCRIPT } from '@switchboard/contract/theme-boot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

describe('Content-Security-Policy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lets the console connect only to its own origin (no ws:/wss: to any host)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health/simple' });
    const policy = String(res.headers['content-security-policy']);
    const connectSrc = policy.split(';').find((d) => d.trim().startsWith('connect-src'));
    expect(connectSrc?.trim()).toBe("connect-src 'self'");
  });

  it('runs no inline script but the theme boot script, which it allows by its hash', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health/simple' });
    const policy = String(res.headers['content-security-policy']);
    const scriptSrc = policy.split(';').find((d) => d.trim().startsWith('script-src'));
    const hash = createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64');
    expect(scriptSrc?.trim()).toBe(`script-src 'self' 'sha256-${hash}'`);
  });
});
