// OpenTelemetry traces of HTTP requests and database statements, for operators who set
// OTEL_EXPORTER_OTLP_ENDPOINT. main.ts imports this file only then, and every OpenTelemetry package is
// imported here with `await import()` (types alone are imported statically): without the variable no
// OpenTelemetry module is loaded, no hook is added and no statement is wrapped, so tracing costs nothing.
//
// Why explicit instrumentation rather than the SDK's auto-instrumentation (require hooks and
// import-in-the-middle): `npm start` runs an esbuild bundle (scripts/build-server.mjs) whose imports of
// fastify and pg are hoisted ESM imports, evaluated before any code of ours could start the SDK, and the
// embedded database (PGlite, on a thread of its own) has no instrumentation at all. So the request spans
// come from Fastify's official instrumentation registered as a plugin (@fastify/otel, which needs no
// hook), and the statement spans from one wrapper on the driver both databases' statements go through
// (traced-database.ts). The same code runs under tsx, in the bundle and in the tests.
import type { Tracer } from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TracingConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { traceStatements } from './traced-database.ts';

export interface Tracing {
  /** Registers the request spans on an app: first, before its hooks and routes (buildApp's `instrument`). */
  instrumentApp(app: FastifyInstance): Promise<void>;
  /** Makes each statement sent within a traced request a span of its own (the database's driver, wrapped). */
  traceDatabase(handle: DatabaseHandle): void;
  /** Sends the spans still buffered, waiting at most `ms`, and stops. */
  shutdown(ms?: number): Promise<void>;
}

/** Where spans go: the OTLP/HTTP collector of the configuration, or an exporter a test hands in. */
export type TracingOptions = Pick<TracingConfig, 'serviceName'> &
  (Pick<TracingConfig, 'endpoint' | 'headers'> | { exporter: SpanExporter });

export async function startTracing(options: TracingOptions): Promise<Tracing> {
  const [api, { NodeTracerProvider }, sdk, { resourceFromAttributes }, { ATTR_SERVICE_NAME }, fastifyOtel] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/sdk-trace-base'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/semantic-conventions'),
      import('@fastify/otel'),
    ]);
  const spanProcessor =
    'exporter' in options
      ? // A test reads the spans as soon as the request has been answered.
        new sdk.SimpleSpanProcessor(options.exporter)
      : new sdk.BatchSpanProcessor(await otlpExporter(options.endpoint, options.headers));
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.serviceName }),
    spanProcessors: [spanProcessor],
  });
  // The global tracer provider, AsyncLocalStorage context and W3C traceparent propagation: a request that
  // arrives with a traceparent header continues its caller's trace.
  provider.register();
  const tracer: Tracer = provider.getTracer('switchboard');

  const requests = new fastifyOtel.FastifyOtelInstrumentation({
    // One span per request and one for its handler; a span for each of the app's dozen hooks would
    // multiply the cost per request for little an operator reads.
    instrumentHooks: false,
    requestHook: (span, request) => {
      span.updateName(`${request.method} ${request.routeOptions.url ?? ''}`.trim());
      // The path without its query string, which can hold a search or a token.
      span.setAttribute('url.path', pathOf(request));
    },
  });
  requests.setTracerProvider(provider);

  return {
    instrumentApp: async (app) => {
      await app.register(requests.plugin());
    },
    traceDatabase: (handle) => traceStatements(handle, api, tracer),
    shutdown: async (ms = 2000) => {
      let timer: NodeJS.Timeout | undefined;
      // An unreachable collector must not hold up the stop: what it has not taken by then is dropped.
      await Promise.race([
        provider.shutdown().catch(() => undefined),
        new Promise((resolve) => {
          timer = setTimeout(resolve, ms);
        }),
      ]);
      clearTimeout(timer);
    },
  };
}

/** OTLP over HTTP (JSON) to `<endpoint>/v1/traces`, the signal path the OTLP specification appends. */
async function otlpExporter(endpoint: string, headers: Record<string, string>): Promise<SpanExporter> {
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
  return new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces`, headers });
}

const pathOf = (request: FastifyRequest): string => {
  const query = request.url.indexOf('?');
  return query === -1 ? request.url : request.url.slice(0, query);
};
