import { startServer } from '../e2e/support/server.ts';
import { auditPages } from './browser-audit.ts';

const server = await startServer({ demo: true });
try {
  const r = await auditPages(server.url);
  for (const p of r)
    console.log(
      p.target.path,
      'js',
      p.firstLoad.jsBytes,
      'css',
      p.firstLoad.cssBytes,
      'perf',
      p.performance,
      'a11y',
      p.accessibility,
      p.accessibilityFailures,
      'lcp',
      p.lcpMs,
      'tbt',
      p.tbtMs,
      p.firstLoad.files.map((f) => f.url.split('/').pop() + ':' + f.bytes + ':' + f.encoding).join(' '),
    );
} finally {
  await server.stop();
}
