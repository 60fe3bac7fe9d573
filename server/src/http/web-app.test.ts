import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWebApp } from './web-app.ts';

/** A build as the web's precompress step leaves it: each page with a .br and a .gz beside it. */
function fakeBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'web-dist-'));
  const write = (name: string, text: string) => {
    writeFileSync(join(root, name), text);
    writeFileSync(join(root, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(root, `${name}.gz`), gzipSync(text));
  };
  write('landing.html', '<html><body>Landing page</body></html>');
  write('index.html', '<html><body>The console</body></html>');
  write('login.html', '<html><body>Sign in</body></html>');
  return root;
}

describe('the web app for every client', () => {
  let app: FastifyInstance;
  let root: string;
  beforeAll(async () => {
    root = fakeBuild();
    app = Fastify();
    await serveWebApp(app, { demoData: false, root });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers / with the landing page to a plain request with no Accept-Encoding (a first curl)', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toContain('Landing page');
  });

  it('answers / compressed to a browser', async () => {
    const res = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('answers a directory path and a client route with the console page, never 403', async () => {
    for (const url of ['/assets/', '/users']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('The console');
    }
    const login = await app.inject({ method: 'GET', url: '/login' });
    expect(login.body).toContain('Sign in');
  });
});
