import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OtlpPost {
  path: string;
  headers: IncomingHttpHeaders;
  /** The OTLP/HTTP JSON body, parsed. */
  body: { resourceSpans?: ResourceSpans[] };
}

interface ResourceSpans {
  resource?: { attributes?: { key: string; value: { stringValue?: string } }[] };
  scopeSpans?: { spans?: { name: string; attributes?: { key: string; value: unknown }[] }[] }[];
}

export interface OtlpSink {
  /** `http://127.0.0.1:<port>`: an OTEL_EXPORTER_OTLP_ENDPOINT. */
  url: string;
  posts: OtlpPost[];
  /** Every span name received, in order. */
  spanNames(): string[];
  /** The service.name of every batch received. */
  serviceNames(): string[];
  close(): Promise<void>;
}

/** A stand-in OpenTelemetry collector on 127.0.0.1: accepts OTLP/HTTP JSON posts and keeps them. */
export async function startOtlpSink(options: { keep?: boolean } = {}): Promise<OtlpSink> {
  const posts: OtlpPost[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (options.keep !== false) {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: OtlpPost['body'] = {};
        try {
          body = JSON.parse(text) as OtlpPost['body'];
        } catch {
          // not JSON (protobuf): kept as empty
        }
        posts.push({ path: req.url ?? '', headers: req.headers, body });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const batches = () => posts.flatMap((p) => p.body.resourceSpans ?? []);
  return {
    url: `http://127.0.0.1:${port}`,
    posts,
    spanNames: () =>
      batches().flatMap((b) => (b.scopeSpans ?? []).flatMap((s) => (s.spans ?? []).map((span) => span.name))),
    serviceNames: () =>
      batches().map(
        (b) => b.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue ?? '',
      ),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
