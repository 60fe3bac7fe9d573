import { createHash } from 'node:crypto';
import { THEME_BOOT_SCRIPT } from '@switchboard/contract/theme-boot';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** The one inline script the pages carry (the theme set before the first paint), allowed by its hash. */
export const THEME_BOOT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64')}'`;

/**
 * Helmet's headers on every response. The middleware is built once here: @fastify/helmet builds it
 * again for every request (parsing the Content-Security-Policy each time), which cost ~3% of the
 * server's CPU under list load.
 */
export function installSecurityHeaders(
  app: FastifyInstance,
  /** Settings → Security → Enable Content Security Policy; off sends the same policy report-only. */
  cspEnforced: () => Promise<boolean> = async () => true,
): void {
  const enforced = headersWith(false);
  const reportOnly = headersWith(true);
  app.addHook('onRequest', (request, reply, done) => {
    // request.protocol follows X-Forwarded-Proto from a trusted proxy that terminates TLS.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    cspEnforced()
      .catch(() => true)
      .then((enforce) =>
        (enforce ? enforced : reportOnly)(request.raw, reply.raw, (err) => done(err as Error | undefined)),
      );
  });
}

/** Content-Security-Policy, or Content-Security-Policy-Report-Only with the same directives. */
function headersWith(reportOnly: boolean) {
  return helmet({
    contentSecurityPolicy: {
      reportOnly,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", THEME_BOOT_SCRIPT_SOURCE],
        // sonner and Radix insert <style> elements at run time; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // 'self' covers the console's own ws:// and wss:// origin (socket.io); no other host.
        connectSrc: ["'self'"],
        // The console is often reached over plain HTTP on a private host; upgrading would break it.
        upgradeInsecureRequests: null,
      },
    },
    // Sent above only over HTTPS: browsers ignore it on plain HTTP, and scanners flag it as a misconfiguration.
    strictTransportSecurity: false,
  });
}

const HSTS = 'max-age=31536000; includeSubDomains';
