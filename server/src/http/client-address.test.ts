import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address.ts';

const request = (remote: string, forwardedFor?: string) =>
  ({
    socket: { remoteAddress: remote },
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  }) as unknown as IncomingMessage;

describe("a socket handshake's client address", () => {
  it('is the peer when no proxy is trusted, whatever X-Forwarded-For claims', () => {
    expect(clientAddress(request('203.0.113.5', '198.51.100.1'), false)).toBe('203.0.113.5');
  });

  it('walks X-Forwarded-For past as many hops as trusted, like Fastify', () => {
    expect(clientAddress(request('10.0.0.2', '198.51.100.1, 10.0.0.1'), 1)).toBe('10.0.0.1');
    expect(clientAddress(request('10.0.0.2', '198.51.100.1, 10.0.0.1'), 2)).toBe('198.51.100.1');
    expect(clientAddress(request('10.0.0.2', '198.51.100.1'), 5)).toBe('198.51.100.1');
  });

  it('trusts only the listed proxies and ranges (and the named ones)', () => {
    const chain = request('10.0.0.2', '198.51.100.1, 172.16.0.9');
    expect(clientAddress(chain, ['10.0.0.0/8'])).toBe('172.16.0.9');
    expect(clientAddress(chain, ['10.0.0.0/8', '172.16.0.9'])).toBe('198.51.100.1');
    expect(clientAddress(chain, ['uniquelocal'])).toBe('198.51.100.1');
    expect(clientAddress(request('203.0.113.5', '198.51.100.1'), ['10.0.0.0/8'])).toBe('203.0.113.5');
  });

  it('gives an IPv4-mapped IPv6 peer as IPv4, so IPv4 blocks cover it', () => {
    expect(clientAddress(request('::ffff:203.0.113.5'), false)).toBe('203.0.113.5');
  });
});
