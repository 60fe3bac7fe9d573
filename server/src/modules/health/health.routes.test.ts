import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports liveness without signing in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health/simple' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ok');
  });

  it('reports ready while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up', redis: 'off' });
  });

  // Its own app: closing the database must not take the other tests' database with it.
  it('answers 503 once the database is gone', async () => {
    const gone = await createTestApp();
    const close = gone.deps.database.close;
    await close();
    gone.deps.database.close = async () => {};
    try {
      const res = await gone.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', database: 'down' });
    } finally {
      await gone.close();
    }
  });

  it('answers 503 unavailable, rather than hanging, while the database does not answer', async () => {
    const ping = t.deps.database.ping;
    t.deps.database.ping = () => new Promise(() => undefined);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', database: 'down' });
    } finally {
      t.deps.database.ping = ping;
    }
  });

  it('answers 503 draining from the moment the instance starts to stop', async () => {
    const stopping = await createTestApp();
    try {
      stopping.deps.drain.start();
      const res = await stopping.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'draining' });
    } finally {
      await stopping.close();
    }
  });
});
