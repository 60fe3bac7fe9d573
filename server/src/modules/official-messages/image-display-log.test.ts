import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Issue #27 finding 12: every display of an uploaded image logged "Reply was already sent". */
describe('displaying an uploaded image', () => {
  let t: TestApp;
  let dataDir: string;
  const lines: string[] = [];
  const name = '0b7e5a1c-3f5d-4c89-9d7e-2a1b3c4d5e6f.png';

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'switchboard-image-log-'));
    mkdirSync(join(dataDir, 'uploads'), { recursive: true });
    writeFileSync(join(dataDir, 'uploads', name), PNG);
    t = await createTestApp({ dataDir, logLevel: 'warn' }, undefined, {
      logger: { level: 'warn', stream: { write: (line) => void lines.push(line) } },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends the image and logs nothing', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await t.app.inject({ method, url: `/api/v1/uploads/${name}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(lines).toEqual([]);
  });
});
