import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, SERVER_BUNDLE } from '../../../scripts/build-server.mjs';
import { startOtlpSink } from '../testing/otlp-sink.ts';
import { type SpawnedProcess, spawnProcess } from '../testing/spawn-server.ts';

/** Prints `module-load: <package>` for each OpenTelemetry package the process loads. */
const WATCH_LOADS = ['--import', './server/src/testing/module-loads.mjs'];
const loadedPackages = (output: string) =>
  [...output.matchAll(/^module-load: (\S+)/gm)].map((m) => m[1] as string);

describe('tracing in the running server', () => {
  const dataDirs: string[] = [];
  let running: SpawnedProcess | undefined;
  afterEach(() => {
    // A server left by a failed step is stopped here, not left running.
    if (running && running.child.exitCode === null && running.child.signalCode === null)
      running.child.kill('SIGKILL');
    running = undefined;
  });
  // The compiled server, as `npm start` runs it: tracing's imports must survive the bundle.
  beforeAll(() => buildServer(), 60_000);
  afterAll(() => {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  /** Starts the server with `args`, asks it one readiness request, stops it with SIGTERM. */
  async function oneRequest(args: string[], env: Record<string, string> = {}): Promise<SpawnedProcess> {
    const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-tracing-'));
    dataDirs.push(dataDir);
    const server = spawnProcess([process.execPath, ...WATCH_LOADS, ...args], {
      DATA_DIR: dataDir,
      PORT: '0',
      DEMO_DATA: 'off',
      LOG_LEVEL: 'info',
      ...env,
    });
    running = server;
    await server.waitFor('API docs:', 150_000);
    const port = /Switchboard console: http:\/\/127\.0\.0\.1:(\d+)/.exec(server.output())?.[1];
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/health/ready`);
    expect(res.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    return server;
  }

  it('without OTEL_EXPORTER_OTLP_ENDPOINT loads none of the OpenTelemetry SDK, exporter or instrumentation', async () => {
    const server = await oneRequest([SERVER_BUNDLE], {
      OTEL_EXPORTER_OTLP_ENDPOINT: '',
    });
    // prom-client (the Prometheus /metrics) requires @opentelemetry/api, a no-op facade without the SDK:
    // it is compiled into the bundle, so nothing of OpenTelemetry loads from node_modules.
    expect(loadedPackages(server.output())).toEqual([]);
    expect(server.output()).not.toContain('tracing on');
  }, 240_000);

  it('with it, the compiled server (npm start) sends its request and statement spans to the collector, and logs neither the endpoint nor its headers', async () => {
    const sink = await startOtlpSink();
    try {
      const server = await oneRequest([SERVER_BUNDLE], {
        // A path and a header standing for the credentials a real collector's address can carry.
        OTEL_EXPORTER_OTLP_ENDPOINT: `${sink.url}/tenant-s3cr3t`,
        OTEL_EXPORTER_OTLP_HEADERS: 'x-api-key=k3y-s3cr3t',
      });
      // The stop sends what the batch still held.
      expect(sink.spanNames()).toEqual(expect.arrayContaining(['GET /api/v1/health/ready', 'SELECT']));
      expect(sink.serviceNames()).toContain('switchboard');
      expect(sink.posts.every((post) => post.path === '/tenant-s3cr3t/v1/traces')).toBe(true);
      expect(sink.posts[0]?.headers['x-api-key']).toBe('k3y-s3cr3t');
      expect(server.output()).toContain('tracing on');
      expect(loadedPackages(server.output())).toEqual(
        expect.arrayContaining([
          '@opentelemetry/sdk-trace-node',
          '@opentelemetry/exporter-trace-otlp-http',
          '@fastify/otel',
        ]),
      );
      expect(server.output()).not.toContain('s3cr3t');
    } finally {
      await sink.close();
    }
  }, 240_000);
});
