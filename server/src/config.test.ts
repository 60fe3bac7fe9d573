import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const tempDir = () => mkdtempSync(join(tmpdir(), 'switchboard-config-'));

describe('loadConfig', () => {
  it('defaults to the embedded database on 127.0.0.1:8080 with demo data on', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', databaseUrl: undefined, demoData: true });
    expect(config.demoCredentials).toEqual({ username: 'admin', password: 'Admin123!' });
  });

  it('turns demo data off by default on PostgreSQL, and lets DEMO_DATA override', () => {
    const dataDir = tempDir();
    const url = 'postgres://u@db:5432/app';
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url }).demoData).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url }).demoCredentials).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url, DEMO_DATA: 'on' }).demoData).toBe(true);
  });

  it('generates the JWT secret once and keeps it in DATA_DIR', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8')).toBe(first);
  });

  it("reads TRUST_PROXY as off, a hop count, or the proxies' addresses", () => {
    const trust = (value: string) => loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: value }).trustProxy;
    expect(loadConfig({ DATA_DIR: tempDir(), DEMO_DATA: 'off' }).trustProxy).toBe(false);
    expect(trust('off')).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust('10.0.0.5, 10.0.1.0/24')).toEqual(['10.0.0.5', '10.0.1.0/24']);
  });

  it('runs demo traffic with demo data unless DEMO_TRAFFIC=off, trusting only this machine to forward its users', () => {
    const demo = loadConfig({ DATA_DIR: tempDir() });
    expect(demo.demoTraffic).toBe(true);
    expect(demo.trustProxy).toEqual(['127.0.0.1', '::1']);
    const quiet = loadConfig({ DATA_DIR: tempDir(), DEMO_TRAFFIC: 'off' });
    expect([quiet.demoTraffic, quiet.trustProxy]).toEqual([false, false]);
    expect(loadConfig({ DATA_DIR: tempDir(), DEMO_DATA: 'off', DEMO_TRAFFIC: 'on' }).demoTraffic).toBe(false);
  });

  it('requires JWT_SECRET with REDIS_URL, since every instance must share it', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(
      /JWT_SECRET/,
    );
    const secret = 'x'.repeat(40);
    expect(
      loadConfig({ DATA_DIR: tempDir(), REDIS_URL: 'redis://r:6379', JWT_SECRET: secret }).jwtSecret,
    ).toBe(secret);
  });

  it.each([
    ['TRUST_PROXY', 'yes please'],
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://db/app'],
    ['REDIS_URL', 'localhost:6379'],
    ['JWT_SECRET', 'short'],
    ['LOG_LEVEL', 'loud'],
    ['DEMO_DATA', 'maybe'],
    ['METRICS_TOKEN', 'short'],
  ])('rejects a bad %s with a one-line message naming it', (name, value) => {
    const load = () => loadConfig({ DATA_DIR: tempDir(), [name]: value });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(new RegExp(`^Invalid configuration: ${name} [^\\n]+$`));
  });
});
