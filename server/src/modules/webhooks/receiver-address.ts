import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * ipaddr.js ranges that reach this machine or its private network: a webhook aimed at them could read
 * internal services (SSRF), so they are refused unless the API settings allow private addresses.
 */
const INTERNAL_RANGES = new Set([
  'unspecified',
  'broadcast',
  'multicast',
  'linkLocal',
  'loopback',
  'private',
  'uniqueLocal',
  'carrierGradeNat',
  'reserved',
  'ipv4Mapped',
  'rfc6145',
  'rfc6052',
  '6to4',
  'teredo',
]);

/** Whether an IP address (v4, v6, or v4 mapped into v6) is internal. */
export function isInternalAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  const parsed = ipaddr.process(address);
  return INTERNAL_RANGES.has(parsed.range());
}

export type AddressCheck = { ok: true } | { ok: false; reason: 'private' | 'unresolvable' };

/** Resolves the URL's host and checks every address it has (a host with one internal address is refused). */
export async function checkReceiverUrl(url: string, allowInternal: boolean): Promise<AddressCheck> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = ipaddr.isValid(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    return { ok: false, reason: 'unresolvable' };
  }
  if (addresses.length === 0) return { ok: false, reason: 'unresolvable' };
  if (!allowInternal && addresses.some(isInternalAddress)) return { ok: false, reason: 'private' };
  return { ok: true };
}

/**
 * The DNS lookup the sender connects with: the same check at connect time, on the address actually used,
 * so a name that resolved to a public address when saved cannot be re-pointed at an internal one.
 */
export function guardedLookup(allowInternal: () => boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true })
      .then((addresses) => {
        const usable = addresses.filter((a) => allowInternal() || !isInternalAddress(a.address));
        if (usable.length === 0) {
          const error = Object.assign(new Error(`${hostname} resolves only to internal addresses`), {
            code: 'EWEBHOOKINTERNAL',
          });
          return callback(error, '', 0);
        }
        if ((options as { all?: boolean }).all)
          return (callback as (e: null, a: typeof usable) => void)(null, usable);
        const first = usable[0] as { address: string; family: number };
        callback(null, first.address, first.family);
      })
      .catch((err: NodeJS.ErrnoException) => callback(err, '', 0));
  };
}
