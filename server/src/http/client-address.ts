import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import ipaddr from 'ipaddr.js';
import type { Config } from '../config.ts';

/** The names Fastify's trustProxy accepts besides addresses and ranges. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/**
 * The client address of a raw request (HTTP or a socket.io handshake), by the rule Fastify applies:
 * walk X-Forwarded-For from the nearest hop while the hop is a trusted proxy. An IPv4-mapped IPv6
 * address is given as its IPv4 address, so IPv4 blocks and limits cover it. An unparseable
 * forwarded address ends the walk at the proxy that sent it: that proxy's address is the answer,
 * never "no address" (which would skip the block check and the rate limits).
 */
export function clientAddress(request: IncomingMessage, trustProxy: Config['trustProxy']): string | null {
  const remote = request.socket?.remoteAddress;
  if (!remote || !ipaddr.isValid(remote)) return null;
  const header = request.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const chain = [remote, ...forwarded.reverse()];
  const trusted = trustRule(trustProxy);
  let hop = 0;
  while (
    hop < chain.length - 1 &&
    trusted(chain[hop] as string, hop) &&
    ipaddr.isValid(chain[hop + 1] as string)
  )
    hop += 1;
  return ipaddr.process(chain[hop] as string).toString();
}

/**
 * Replaces Fastify's `request.ip` on every request, before any other hook reads it, with the
 * normalised address of clientAddress: blocks, rate limits, security events, audit rows and logs
 * all compare and store the same form.
 */
export function installClientAddress(app: FastifyInstance, trustProxy: Config['trustProxy']): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const ip = clientAddress(request.raw, trustProxy);
    if (ip !== null) Object.defineProperty(request, 'ip', { value: ip, enumerable: true });
    done();
  });
}

function trustRule(setting: Config['trustProxy']): (address: string, hop: number) => boolean {
  if (setting === false) return () => false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  const ranges = setting
    .flatMap((entry) => NAMED_RANGES[entry] ?? [entry])
    .flatMap((entry) => {
      try {
        return [
          entry.includes('/')
            ? ipaddr.parseCIDR(entry)
            : ipaddr.parseCIDR(`${entry}/${entry.includes(':') ? 128 : 32}`),
        ];
      } catch {
        return [];
      }
    });
  return (address) => {
    if (!ipaddr.isValid(address)) return false;
    const parsed = ipaddr.process(address);
    return ranges.some(([network, bits]) => parsed.kind() === network.kind() && parsed.match(network, bits));
  };
}
