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
      loadConfig({
        DATA_DIR: tempDir(),
        REDIS_URL: 'redis://r:6379',
        JWT_SECRET: secret,
        BACKUP_DIR: tempDir(),
      }).jwtSecret,
    ).toBe(secret);
  });

  it('refuses REDIS_URL without BACKUP_DIR: backups must sit where every instance reaches them', () => {
    const cluster = { DATA_DIR: tempDir(), REDIS_URL: 'redis://r:6379', JWT_SECRET: 'x'.repeat(40) };
    expect(() => loadConfig(cluster)).toThrow(
      'Invalid configuration: BACKUP_DIR must be set when REDIS_URL is (a directory every instance mounts, so any of them can download or restore every backup)',
    );
    const shared = tempDir();
    expect(loadConfig({ ...cluster, BACKUP_DIR: shared }).backupDir).toBe(shared);
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
  it('turns tracing on only with OTEL_EXPORTER_OTLP_ENDPOINT, naming the service switchboard unless told', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).tracing).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir, OTEL_SERVICE_NAME: 'edge-1' }).tracing).toBeUndefined();
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otel.example.com:4318',
        OTEL_EXPORTER_OTLP_HEADERS: 'x-api-key=abc%3D1, tenant=ops',
      }).tracing,
    ).toEqual({
      endpoint: 'https://otel.example.com:4318',
      headers: { 'x-api-key': 'abc=1', tenant: 'ops' },
      serviceName: 'switchboard',
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
        OTEL_SERVICE_NAME: 'edge-1',
      }).tracing?.serviceName,
    ).toBe('edge-1');
    const refused = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: dataDir, ...env });
    expect(refused({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(
      'OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL',
    );
    expect(refused({ OTEL_EXPORTER_OTLP_HEADERS: 'no-equals-sign' })).toThrow(
      'OTEL_EXPORTER_OTLP_HEADERS must be key=value pairs',
    );
    expect(
      refused({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
        OTEL_EXPORTER_OTLP_HEADERS: 'k=%E0%A4%A',
      }),
    ).toThrow(ConfigError);
  });
});
