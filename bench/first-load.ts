// First-load weight of a page: every script and stylesheet a fresh visit asks for, re-fetched with
// `accept-encoding: gzip` so the figure is the bytes the server actually sends (compressed if it compresses).
import { request } from 'node:http';
import type { BrowserContext } from 'playwright-core';

export interface FirstLoad {
  page: string;
  /** JavaScript bytes on the wire. */
  jsBytes: number;
  cssBytes: number;
  files: { url: string; bytes: number; encoding: string }[];
}

/** Opens `path` in a new page of `context` (already signed in or not) and weighs what it loaded. */
export async function measureFirstLoad(
  context: BrowserContext,
  baseUrl: string,
  path: string,
): Promise<FirstLoad> {
  const page = await context.newPage();
  const urls = new Set<string>();
  page.on('request', (req) => {
    const type = req.resourceType();
    if ((type === 'script' || type === 'stylesheet') && req.url().startsWith(baseUrl)) urls.add(req.url());
  });
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  await page.close();
  const files = await Promise.all([...urls].map(async (url) => ({ url, ...(await servedBytes(url)) })));
  const sum = (suffix: string) =>
    files.filter((f) => new URL(f.url).pathname.endsWith(suffix)).reduce((total, f) => total + f.bytes, 0);
  return { page: path, jsBytes: sum('.js'), cssBytes: sum('.css'), files };
}

function servedBytes(url: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
